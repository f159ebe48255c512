import type { Submessage } from '../../wire';
import { byMessage } from './byMessage';
import type { Sql } from './sql';

/** The submessages of many messages in one query, each message's oldest first. */
export function submessagesOfMessages(
  sql: Sql,
  messageIds: readonly number[],
): Map<number, Submessage[]> {
  if (messageIds.length === 0) return new Map();
  return byMessage(
    sql.all<Submessage>(
      `SELECT id, message_id, sender_id, msg_type, content FROM submessages
       WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      [JSON.stringify(messageIds)],
    ),
  );
}

export function insertSubmessage(sql: Sql, submessage: Omit<Submessage, 'id'>): Submessage {
  const { lastInsertRowid } = sql.run(
    `INSERT INTO submessages (message_id, sender_id, msg_type, content) VALUES (?, ?, ?, ?)`,
    [submessage.message_id, submessage.sender_id, submessage.msg_type, submessage.content],
  );
  return { id: lastInsertRowid, ...submessage };
}

/** Whether this user has attached a submessage to the message. */
export function hasSubmessageFrom(sql: Sql, messageId: number, senderId: number): boolean {
  return (
    sql.get('SELECT 1 FROM submessages WHERE message_id = ? AND sender_id = ? LIMIT 1', [
      messageId,
      senderId,
    ]) !== undefined
  );
}

/** The content of the message's first widget submessage: the widget it opened. */
export function widgetContentOf(sql: Sql, messageId: number): string | undefined {
  return sql.get<{ content: string }>(
    `SELECT content FROM submessages WHERE message_id = ? AND msg_type = 'widget'
     ORDER BY id LIMIT 1`,
    [messageId],
  )?.content;
}

/** Zulip's is_widget_message: every message with submessages is a widget. */
export function hasSubmessages(sql: Sql, messageId: number): boolean {
  return (
    sql.get('SELECT 1 FROM submessages WHERE message_id = ? LIMIT 1', [messageId]) !== undefined
  );
}
