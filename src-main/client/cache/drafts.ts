import { z } from 'zod';
import type { CacheDb } from './cacheDb';
import { conversationKey, foldTopic } from './narrow';

// Where a draft would be sent: a stream's topic, or these people.
export const draftDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stream'), streamId: z.number().int(), topic: z.string() }),
  z.object({ kind: z.literal('private'), userIds: z.array(z.number().int()) }),
]);
export type DraftDestination = z.infer<typeof draftDestinationSchema>;

const destinationColumn = z.string().transform((text, context) => {
  const parsed = draftDestinationSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    context.addIssue('not a draft destination');
    return z.NEVER;
  }
  return parsed.data;
});

const draftRowSchema = z.object({
  id: z.number().int(),
  conversation: z.string(),
  destination: destinationColumn,
  content: z.string(),
  updatedAt: z.number().int(),
});
export type Draft = z.infer<typeof draftRowSchema>;

// What synchronizing with the server's drafts needs to know of a row.
const keptRowSchema = draftRowSchema.extend({
  serverId: z.number().int().nullable(),
  syncedAt: z.number().int().nullable(),
  syncedContent: z.string().nullable(),
  seen: z.number().transform((seen) => seen === 1),
  dirty: z.number().transform((dirty) => dirty === 1),
  refused: z.number().transform((refused) => refused === 1),
});
export type KeptDraft = z.infer<typeof keptRowSchema>;

/** The version of a draft the server holds, as this cache saves it. */
export interface ServerVersion {
  serverId: number;
  to: DraftDestination;
  content: string;
  /** The server's timestamp, in seconds. */
  timestamp: number;
}

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

const columns = `id, conversation, destination, content, updated_at AS updatedAt`;
const keptColumns = `${columns}, server_id AS serverId, synced_at AS syncedAt, synced_content AS syncedContent, seen, dirty, refused`;
const newestFirst = 'ORDER BY updated_at DESC, id DESC';

/**
 * The drafts of one account's cache: the window saves one per conversation
 * (the last edited, unless it names another), and synchronization with the
 * server (draftSync.ts) reads and writes the rest.
 */
export function draftStore(db: () => CacheDb, ownUserId: () => number | null) {
  const conversationOf = (to: DraftDestination) => draftConversation(to, ownUserId());
  const one = (id: number): KeptDraft | null => {
    const row = db().get<unknown>(`SELECT ${keptColumns} FROM drafts WHERE id = ?`, id);
    return row === undefined ? null : keptRowSchema.parse(row);
  };
  const latestIn = (conversation: string): Draft | null => {
    const row = db().get<unknown>(
      `SELECT ${columns} FROM drafts WHERE conversation = ? ${newestFirst} LIMIT 1`,
      conversation,
    );
    return row === undefined ? null : draftRowSchema.parse(row);
  };
  // A draft the server holds leaves it only once the server hears of it.
  const forget = (draft: KeptDraft): void => {
    db().transaction(() => {
      if (draft.serverId !== null) {
        db().run(
          'INSERT OR REPLACE INTO draft_deletions (server_id, synced_at) VALUES (?, ?)',
          draft.serverId,
          draft.syncedAt ?? 0,
        );
      }
      db().run('DELETE FROM drafts WHERE id = ?', draft.id);
    });
  };
  const insert = (to: DraftDestination, content: string, at: number): number => {
    const row = db().get<{ id: number }>(
      `INSERT INTO drafts (conversation, destination, content, updated_at) VALUES (?, ?, ?, ?)
       RETURNING id`,
      conversationOf(to),
      JSON.stringify(draftDestinationSchema.parse(to)),
      content,
      at,
    );
    if (!row) throw new Error('the draft was not inserted');
    return row.id;
  };
  return {
    /** Every draft, the last edited first. */
    list: (): Draft[] =>
      db()
        .all<unknown>(`SELECT ${columns} FROM drafts ${newestFirst}`)
        .map((row) => draftRowSchema.parse(row)),
    /** The last edited draft of the conversation `to` names, if any. */
    of: (to: DraftDestination): Draft | null => latestIn(conversationOf(to)),
    /**
     * Keeps `content` as a draft of `to`'s conversation, `at` in ms since the
     * epoch: the draft `id` names when it still exists, else the
     * conversation's last edited one, else a new one.
     */
    save: (to: DraftDestination, content: string, at: number, id?: number): void => {
      const target = (id === undefined ? null : one(id)) ?? latestIn(conversationOf(to));
      if (!target) {
        insert(to, content, at);
        return;
      }
      db().run(
        `UPDATE drafts SET conversation = ?, destination = ?, content = ?, updated_at = ?,
           dirty = 1, refused = 0 WHERE id = ?`,
        conversationOf(to),
        JSON.stringify(draftDestinationSchema.parse(to)),
        content,
        at,
        target.id,
      );
    },
    /** Forgets the last edited draft of `to`'s conversation; false when it had none. */
    discard: (to: DraftDestination): boolean => {
      const latest = latestIn(conversationOf(to));
      const kept = latest && one(latest.id);
      if (kept) forget(kept);
      return kept !== null;
    },
    /** Forgets a draft by its ID, as the Drafts view names it; false when there was none. */
    remove: (id: number): boolean => {
      const kept = one(id);
      if (kept) forget(kept);
      return kept !== null;
    },

    // What synchronization with the server's drafts reads and writes.

    /** Every draft with what the server last agreed on. */
    kept: (): KeptDraft[] =>
      db()
        .all<unknown>(`SELECT ${keptColumns} FROM drafts ORDER BY id`)
        .map((row) => keptRowSchema.parse(row)),
    /** Server drafts deleted here, with the server's timestamp of the version deleted. */
    deletions: (): { serverId: number; syncedAt: number }[] =>
      db().all<{ serverId: number; syncedAt: number }>(
        'SELECT server_id AS serverId, synced_at AS syncedAt FROM draft_deletions',
      ),
    deletionSent: (serverId: number): void => {
      db().run('DELETE FROM draft_deletions WHERE server_id = ?', serverId);
    },
    /** A draft the server holds and this cache did not: kept as the server has it. */
    adopt: (version: ServerVersion, id?: number): void => {
      const { serverId, to, content, timestamp } = version;
      const row = id ?? insert(to, content, timestamp * 1000);
      db().run(
        `UPDATE drafts SET conversation = ?, destination = ?, content = ?, updated_at = ?,
           server_id = ?, synced_at = ?, synced_content = ?, seen = 1, dirty = 0 WHERE id = ?`,
        conversationOf(to),
        JSON.stringify(draftDestinationSchema.parse(to)),
        content,
        timestamp * 1000,
        serverId,
        timestamp,
        content,
        row,
      );
    },
    /** The server now holds the draft `id` as it was written, at `timestamp`; unless it changed meanwhile. */
    pushed: (id: number, serverId: number, timestamp: number, content: string): void => {
      db().run(
        `UPDATE drafts SET server_id = ?, synced_at = ?, synced_content = ?,
           dirty = CASE WHEN content = ? THEN 0 ELSE 1 END WHERE id = ?`,
        serverId,
        timestamp,
        content,
        content,
        id,
      );
    },
    /** The server refused this version (a channel no longer open to the writer): kept here alone until edited. */
    refused: (id: number): void => {
      db().run('UPDATE drafts SET refused = 1 WHERE id = ?', id);
    },
    /** The server's list showed the draft: its absence later means it was deleted there. */
    seen: (id: number): void => {
      db().run('UPDATE drafts SET seen = 1 WHERE id = ?', id);
    },
    /** A copy of a version, as a new draft not yet on the server. */
    copy: (to: DraftDestination, content: string, at: number): number => insert(to, content, at),
    /** Forgets a draft the server deleted. */
    drop: (id: number): void => {
      db().run('DELETE FROM drafts WHERE id = ?', id);
    },
    /**
     * The server stopped keeping drafts (synchronization turned off): every
     * draft stays here, to be sent again as new if it is turned on again.
     */
    detach: (): void => {
      db().transaction(() => {
        db().run(
          'UPDATE drafts SET server_id = NULL, synced_at = NULL, synced_content = NULL, seen = 0, dirty = 1',
        );
        db().run('DELETE FROM draft_deletions');
      });
    },
  };
}
export type DraftStore = ReturnType<typeof draftStore>;
