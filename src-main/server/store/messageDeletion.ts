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

/** One message someone sent, with where it went: its recipient, and a stream's privacy. */
export interface SentMessagePlace {
  id: number;
  recipient_id: number;
  recipient_type: number;
  recipient_type_id: number;
  subject: string;
  /** The stream's invite_only; null for a direct message. */
  invite_only: number | null;
}

export function messagesSentBy(sql: Sql, userId: number): SentMessagePlace[] {
  return sql.all<SentMessagePlace>(
    `SELECT m.id, m.recipient_id, r.type AS recipient_type, r.type_id AS recipient_type_id,
       m.subject, s.invite_only
     FROM messages m JOIN recipients r ON r.id = m.recipient_id
     LEFT JOIN streams s ON r.type = 2 AND s.id = r.type_id
     WHERE m.sender_id = ? ORDER BY m.id`,
    [userId],
  );
}
