import { z } from 'zod';
import type { CacheDb } from './cacheDb';
import { conversationKey, foldTopic } from './narrow';

// Where a draft would be sent: a stream's topic, or these people.
export const draftDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stream'), streamId: z.number().int(), topic: z.string() }),
  z.object({ kind: z.literal('private'), userIds: z.array(z.number().int()) }),
]);
export type DraftDestination = z.infer<typeof draftDestinationSchema>;

const draftRowSchema = z.object({
  conversation: z.string(),
  destination: z.string().transform((text, context) => {
    const parsed = draftDestinationSchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: 'not a draft destination' });
      return z.NEVER;
    }
    return parsed.data;
  }),
  content: z.string(),
  updatedAt: z.number().int(),
});
export type Draft = z.infer<typeof draftRowSchema>;

/**
 * The conversation a draft belongs to, the same however it is spelled:
 * Zulip matches topics without regard to case, and a private conversation is
 * its people with the writer among them.
 */
export function draftConversation(to: DraftDestination, ownUserId: number | null): string {
  return to.kind === 'stream'
    ? `stream:${to.streamId}:${foldTopic(to.topic)}`
    : `dm:${conversationKey(to.userIds, ownUserId)}`;
}

/** Keeps `content` as the conversation's draft, replacing the one before; `at` in ms since the epoch. */
export function saveDraft(
  db: CacheDb,
  conversation: string,
  to: DraftDestination,
  content: string,
  at: number,
): void {
  db.run(
    `INSERT INTO drafts (conversation, destination, content, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (conversation) DO UPDATE SET
       destination = excluded.destination, content = excluded.content, updated_at = excluded.updated_at`,
    conversation,
    JSON.stringify(draftDestinationSchema.parse(to)),
    content,
    at,
  );
}

/** False when the conversation had no draft. */
export function deleteDraft(db: CacheDb, conversation: string): boolean {
  return db.run('DELETE FROM drafts WHERE conversation = ?', conversation) > 0;
}

const selectSql = `SELECT conversation, destination, content, updated_at AS updatedAt FROM drafts`;

/** Every draft, the last edited first. */
export function listDrafts(db: CacheDb): Draft[] {
  return db
    .all<unknown>(`${selectSql} ORDER BY updated_at DESC, rowid DESC`)
    .map((row) => draftRowSchema.parse(row));
}

export function draftOf(db: CacheDb, conversation: string): Draft | null {
  const row = db.get<unknown>(`${selectSql} WHERE conversation = ?`, conversation);
  return row === undefined ? null : draftRowSchema.parse(row);
}
