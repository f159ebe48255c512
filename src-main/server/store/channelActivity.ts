import type { Sql } from './sql';

/** The ID of the oldest message a channel holds; null while it holds none. */
export function firstMessageIdOf(sql: Sql, recipientId: number): number | null {
  return (
    sql.get<{ id: number }>('SELECT id FROM messages WHERE recipient_id = ? ORDER BY id LIMIT 1', [
      recipientId,
    ])?.id ?? null
  );
}

/** When the newest message of a channel was sent; null while it holds none. */
export function latestMessageDateOf(sql: Sql, recipientId: number): number | null {
  return (
    sql.get<{ date_sent: number }>(
      'SELECT date_sent FROM messages WHERE recipient_id = ? ORDER BY id DESC LIMIT 1',
      [recipientId],
    )?.date_sent ?? null
  );
}
