import type { Sql } from './sql';

/** Whether the user muted the stream: null when not subscribed, as Zulip's sender_muted_stream. */
export function streamMutedFor(sql: Sql, userId: number, recipientId: number): boolean | null {
  const row = sql.get<{ is_muted: number }>(
    'SELECT is_muted FROM subscriptions WHERE user_id = ? AND recipient_id = ? AND is_active = 1',
    [userId, recipientId],
  );
  return row ? row.is_muted === 1 : null;
}

/** Whether the topic holds any message but the one given; topics match without regard to case. */
export function topicHasOtherMessage(
  sql: Sql,
  recipientId: number,
  topic: string,
  messageId: number,
): boolean {
  return (
    sql.get(
      `SELECT 1 FROM messages WHERE recipient_id = ? AND subject = ? COLLATE NOCASE AND id != ?
       LIMIT 1`,
      [recipientId, topic, messageId],
    ) !== undefined
  );
}
