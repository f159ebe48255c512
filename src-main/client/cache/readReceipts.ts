import { z } from 'zod';
import type { CacheDb } from './cacheDb';

/** Who had read a message when the server last said, and when that was (ms). */
export interface SavedReadReceipts {
  userIds: number[];
  fetchedAt: number;
}

const userIdsSchema = z.array(z.number().int());

export function saveReadReceipts(db: CacheDb, messageId: number, saved: SavedReadReceipts): void {
  db.run(
    'INSERT OR REPLACE INTO read_receipts (message_id, user_ids, fetched_at) VALUES (?, ?, ?)',
    messageId,
    JSON.stringify(saved.userIds),
    saved.fetchedAt,
  );
}

export function loadReadReceipts(db: CacheDb, messageId: number): SavedReadReceipts | null {
  const row = db.get<{ user_ids: string; fetched_at: number }>(
    'SELECT user_ids, fetched_at FROM read_receipts WHERE message_id = ?',
    messageId,
  );
  if (!row) return null;
  const parsed = userIdsSchema.safeParse(JSON.parse(row.user_ids));
  return parsed.success ? { userIds: parsed.data, fetchedAt: row.fetched_at } : null;
}
