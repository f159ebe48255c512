import type { Sql } from './sql';

export function insertUserMessages(
  sql: Sql,
  messageId: number,
  rows: readonly { userId: number; flags: number }[],
): void {
  for (const row of rows) {
    sql.run('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)', [
      row.userId,
      messageId,
      row.flags,
    ]);
  }
}

export function maxMessageIdOf(sql: Sql, userId: number): number {
  return (
    sql.get<{ id: number | null }>(
      'SELECT max(message_id) AS id FROM user_messages WHERE user_id = ?',
      [userId],
    )?.id ?? -1
  );
}
