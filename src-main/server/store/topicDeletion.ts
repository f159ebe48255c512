import type { Sql } from './sql';

export interface TopicBatchRow {
  id: number;
  subject: string;
}

/**
 * The newest `limit` messages of a stream topic (matched without regard to
 * case, as Zulip's messages_for_topic), newest first; with `receivedBy`, only
 * those that user has a row for.
 */
export function newestInTopic(
  sql: Sql,
  topic: { recipientId: number; name: string; limit: number; receivedBy: number | null },
): TopicBatchRow[] {
  const { receivedBy, ...where } = topic;
  const received =
    receivedBy === null
      ? ''
      : 'JOIN user_messages um ON um.message_id = m.id AND um.user_id = :receivedBy';
  return sql.all<TopicBatchRow>(
    `SELECT m.id, m.subject FROM messages m ${received}
     WHERE m.recipient_id = :recipientId AND m.subject = :name COLLATE NOCASE
     ORDER BY m.id DESC LIMIT :limit`,
    receivedBy === null ? where : { ...where, receivedBy },
  );
}
