import type { Sql } from './sql';

// A stream topic as moving it needs to see: its messages.

export interface TopicMessageRow {
  id: number;
  date_sent: number;
}

// Topics match without regard to case, as Zulip's topic moves do (iexact).
const inTopic = 'm.recipient_id = :recipientId AND m.subject = :topic COLLATE NOCASE';

/** Every message of a stream topic, oldest first. */
export function messagesInTopic(sql: Sql, recipientId: number, topic: string): TopicMessageRow[] {
  return sql.all<TopicMessageRow>(
    `SELECT m.id, m.date_sent FROM messages m WHERE ${inTopic} ORDER BY m.id`,
    { recipientId, topic },
  );
}

/** The messages of a stream topic that the user received, oldest first. */
export function messagesInTopicReceivedBy(
  sql: Sql,
  userId: number,
  recipientId: number,
  topic: string,
): TopicMessageRow[] {
  return sql.all<TopicMessageRow>(
    `SELECT m.id, m.date_sent FROM messages m
     JOIN user_messages um ON um.message_id = m.id AND um.user_id = :userId
     WHERE ${inTopic} ORDER BY m.id`,
    { userId, recipientId, topic },
  );
}

/** Whether a stream topic has any message yet: one that has none is a new topic. */
export function topicHasMessages(sql: Sql, recipientId: number, topic: string): boolean {
  return (
    sql.get<{ found: number }>(`SELECT 1 AS found FROM messages m WHERE ${inTopic} LIMIT 1`, {
      recipientId,
      topic,
    }) !== undefined
  );
}

/**
 * Zulip's participants_for_topic: whoever sent a message to the topic or
 * reacted to one of its messages, the topic matched without regard to case.
 */
export function topicParticipantIds(sql: Sql, recipientId: number, topic: string): Set<number> {
  const rows = sql.all<{ id: number }>(
    `SELECT m.sender_id AS id FROM messages m WHERE ${inTopic}
     UNION
     SELECT r.user_id FROM reactions r JOIN messages m ON m.id = r.message_id WHERE ${inTopic}`,
    { recipientId, topic },
  );
  return new Set(rows.map((row) => row.id));
}
