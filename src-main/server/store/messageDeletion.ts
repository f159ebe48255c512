import type { Sql } from './sql';

/**
 * Removes a message and every row that refers to it. The full-text index
 * follows through the `messages_fts_delete` trigger. Returns whether it existed.
 */
export function deleteMessageRows(sql: Sql, messageId: number): boolean {
  sql.run('DELETE FROM reactions WHERE message_id = ?', [messageId]);
  sql.run('DELETE FROM submessages WHERE message_id = ?', [messageId]);
  sql.run('DELETE FROM user_messages WHERE message_id = ?', [messageId]);
  return sql.run('DELETE FROM messages WHERE id = ?', [messageId]).changes > 0;
}
