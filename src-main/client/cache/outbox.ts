import { z } from 'zod';
import type { CacheDb } from './cacheDb';

export const outboxDestinationSchema = z.union([
  z.object({
    type: z.literal('stream'),
    streamId: z.number().int(),
    streamName: z.string(),
    topic: z.string(),
  }),
  z.object({
    type: z.literal('private'),
    userIds: z.array(z.number().int()),
    emails: z.array(z.string()),
  }),
]);
export type OutboxDestination = z.infer<typeof outboxDestinationSchema>;

const outboxStateSchema = z.enum(['pending', 'sending', 'failed', 'sent']);
export type OutboxState = z.infer<typeof outboxStateSchema>;

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const outboxRowSchema = z.object({
  localId: z.string(),
  destination: z.string().transform((text, context) => {
    const parsed = outboxDestinationSchema.safeParse(jsonOrUndefined(text));
    if (!parsed.success) {
      context.addIssue('not an outbox destination');
      return z.NEVER;
    }
    return parsed.data;
  }),
  content: z.string(),
  createdAt: z.number().int(),
  state: outboxStateSchema,
  attempts: z.number().int(),
  lastAttemptAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  messageId: z.number().int().nullable(),
  /** The newest message the cache held when the entry was written; null for an entry older than the column. */
  knownNewest: z.number().int().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxRowSchema>;

export interface NewOutboxEntry {
  localId: string;
  destination: OutboxDestination;
  content: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export function addToOutbox(db: CacheDb, entry: NewOutboxEntry): void {
  db.run(
    `INSERT INTO outbox (local_id, destination, content, created_at, state, known_newest)
     VALUES (?, ?, ?, ?, 'pending', (SELECT max(id) FROM messages))`,
    entry.localId,
    JSON.stringify(outboxDestinationSchema.parse(entry.destination)),
    entry.content,
    entry.createdAt,
  );
}

/** The columns of an outbox row, as `outboxEntries` reads them. */
export const outboxColumns = `local_id AS localId, destination, content, created_at AS createdAt,
  state, attempts, last_attempt_at AS lastAttemptAt, last_error AS lastError, message_id AS messageId,
  known_newest AS knownNewest`;

/** A row of `outboxColumns` as an entry; null when it is not one (a damaged row). */
export function readOutboxRow(row: unknown): OutboxEntry | null {
  const parsed = outboxRowSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

/** Every entry in the order it was written. */
export function outboxEntries(db: CacheDb): OutboxEntry[] {
  return db
    .all<unknown>(`SELECT ${outboxColumns} FROM outbox ORDER BY seq`)
    .map((row) => outboxRowSchema.parse(row));
}

/** A send starts: one attempt more, made at `at` (milliseconds since the epoch). */
export function markSending(db: CacheDb, localId: string, at: number): boolean {
  return (
    db.run(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, last_attempt_at = ?
       WHERE local_id = ? AND state IN ('pending', 'failed')`,
      at,
      localId,
    ) > 0
  );
}

/** The send failed with the server's (or the network's) `msg`. */
export function markFailed(db: CacheDb, localId: string, msg: string): boolean {
  return (
    db.run(
      `UPDATE outbox SET state = 'failed', last_error = ? WHERE local_id = ? AND state = 'sending'`,
      msg,
      localId,
    ) > 0
  );
}

/** The server took it as `messageId`; kept until its own message event replaces the local echo. */
export function markSent(db: CacheDb, localId: string, messageId: number): boolean {
  return (
    db.run(
      `UPDATE outbox SET state = 'sent', message_id = ?, last_error = NULL WHERE local_id = ?`,
      messageId,
      localId,
    ) > 0
  );
}

/**
 * An entry goes back in line: a failed one because the person asked to
 * retry, or one `sending` whose outcome is unknown (the link or the app died
 * mid-request), whose counted attempt says to look for it before sending again.
 */
export function requeue(db: CacheDb, localId: string, from: 'failed' | 'sending'): boolean {
  return (
    db.run(
      `UPDATE outbox SET state = 'pending', last_error = NULL WHERE local_id = ? AND state = ?`,
      localId,
      from,
    ) > 0
  );
}

/** Removes an entry: discarded by the user, or sent and echoed. */
export function removeFromOutbox(db: CacheDb, localId: string): boolean {
  return db.run('DELETE FROM outbox WHERE local_id = ?', localId) > 0;
}

/**
 * Removes an entry the person gave up on, unless it may be on its way (its
 * send's outcome is not known yet) or already there.
 */
export function discardFromOutbox(db: CacheDb, localId: string): boolean {
  return (
    db.run("DELETE FROM outbox WHERE local_id = ? AND state IN ('pending', 'failed')", localId) > 0
  );
}

/** Puts in an entry carried over from a cache that had to be set aside, as it stood there. */
export function carryOutboxEntry(db: CacheDb, entry: OutboxEntry): void {
  db.run(
    `INSERT OR IGNORE INTO outbox (local_id, destination, content, created_at, state, attempts,
       last_attempt_at, last_error, message_id, known_newest)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    entry.localId,
    JSON.stringify(entry.destination),
    entry.content,
    entry.createdAt,
    entry.state,
    entry.attempts,
    entry.lastAttemptAt,
    entry.lastError,
    entry.messageId,
    entry.knownNewest,
  );
}
