import type { Sql } from './sql';

/** A user's row for a message: Zulip's UserMessage. */
export interface ReaderRow {
  user_id: number;
  flags: number;
}

export function readersOf(sql: Sql, messageId: number): ReaderRow[] {
  return sql.all<ReaderRow>(
    'SELECT user_id, flags FROM user_messages WHERE message_id = ? ORDER BY user_id',
    [messageId],
  );
}

export function setReaderFlags(sql: Sql, messageId: number, userId: number, flags: number): void {
  sql.run('UPDATE user_messages SET flags = ? WHERE message_id = ? AND user_id = ?', [
    flags,
    messageId,
    userId,
  ]);
}
