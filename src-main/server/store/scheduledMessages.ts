import type { Sql } from './sql';
import type { RecipientTypeValue } from './recipients';

// Zulip's ScheduledMessage.delivery_type: a message sent later, or a reminder.
export const DeliveryType = { sendLater: 1, remind: 2 } as const;
export type DeliveryTypeValue = (typeof DeliveryType)[keyof typeof DeliveryType];

export interface ScheduledMessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  subject: string;
  content: string;
  rendered_content: string;
  sending_client_id: number;
  /** Seconds since the epoch. */
  scheduled_timestamp: number;
  delivered: number;
  delivered_message_id: number | null;
  failed: number;
  failure_message: string | null;
  delivery_type: DeliveryTypeValue;
  reminder_target_message_id: number | null;
  reminder_note: string | null;
  /** The recipient's type and type_id, read with the row. */
  recipient_type: RecipientTypeValue;
  recipient_type_id: number;
  /** The name of the client that wrote it last, which sends it. */
  client_name: string;
}

/** What a schedule or an edit writes: the message as it will be sent. */
export interface ScheduledMessageFields {
  recipientId: number;
  subject: string;
  content: string;
  renderedContent: string;
  sendingClientId: number;
  scheduledTimestamp: number;
}

const selectRows = `
  SELECT s.*, r.type AS recipient_type, r.type_id AS recipient_type_id, c.name AS client_name
  FROM scheduled_messages s
  JOIN recipients r ON r.id = s.recipient_id
  JOIN clients c ON c.id = s.sending_client_id`;

export function insertScheduledMessage(
  sql: Sql,
  senderId: number,
  fields: ScheduledMessageFields,
): number {
  return sql.run(
    `INSERT INTO scheduled_messages
       (sender_id, recipient_id, subject, content, rendered_content, sending_client_id,
        scheduled_timestamp)
     VALUES (:senderId, :recipientId, :subject, :content, :renderedContent, :sendingClientId,
       :scheduledTimestamp)`,
    { senderId, ...fields },
  ).lastInsertRowid;
}

/** Rewrites the message and its time; an edited message is no longer failed, as in Zulip. */
export function updateScheduledMessage(sql: Sql, id: number, fields: ScheduledMessageFields): void {
  sql.run(
    `UPDATE scheduled_messages SET recipient_id = :recipientId, subject = :subject,
       content = :content, rendered_content = :renderedContent,
       sending_client_id = :sendingClientId, scheduled_timestamp = :scheduledTimestamp,
       failed = 0, failure_message = NULL
     WHERE id = :id`,
    { id, ...fields },
  );
}

export function deleteScheduledMessage(sql: Sql, id: number): void {
  sql.run('DELETE FROM scheduled_messages WHERE id = ?', [id]);
}

/** A reminder: what a scheduled message holds, and the message it is about. */
export interface ReminderFields extends ScheduledMessageFields {
  targetMessageId: number;
  note: string | null;
}

export function insertReminder(sql: Sql, senderId: number, fields: ReminderFields): number {
  return sql.run(
    `INSERT INTO scheduled_messages
       (sender_id, recipient_id, subject, content, rendered_content, sending_client_id,
        scheduled_timestamp, delivery_type, reminder_target_message_id, reminder_note)
     VALUES (:senderId, :recipientId, :subject, :content, :renderedContent, :sendingClientId,
       :scheduledTimestamp, ${DeliveryType.remind}, :targetMessageId, :note)`,
    { senderId, ...fields },
  ).lastInsertRowid;
}

/**
 * Zulip's access_scheduled_message and access_reminder: only the sender sees
 * one, and each kind only through its own endpoints.
 */
export function scheduledMessageOf(
  sql: Sql,
  senderId: number,
  id: number,
  type: DeliveryTypeValue = DeliveryType.sendLater,
): ScheduledMessageRow | undefined {
  return sql.get<ScheduledMessageRow>(
    `${selectRows} WHERE s.id = ? AND s.sender_id = ? AND s.delivery_type = ?`,
    [id, senderId, type],
  );
}

/** Zulip's get_undelivered_scheduled_messages and get_undelivered_reminders: failed ones too, soonest first. */
export function undeliveredScheduledMessages(
  sql: Sql,
  senderId: number,
  type: DeliveryTypeValue = DeliveryType.sendLater,
): ScheduledMessageRow[] {
  return sql.all<ScheduledMessageRow>(
    `${selectRows} WHERE s.sender_id = ? AND s.delivered = 0 AND s.delivery_type = ?
     ORDER BY s.scheduled_timestamp, s.id`,
    [senderId, type],
  );
}

/** The next message due at or before `now` (seconds), soonest first, as Zulip's worker takes them. */
export function nextDueScheduledMessage(sql: Sql, now: number): ScheduledMessageRow | undefined {
  return sql.get<ScheduledMessageRow>(
    `${selectRows} WHERE s.delivered = 0 AND s.failed = 0 AND s.scheduled_timestamp <= ?
     ORDER BY s.scheduled_timestamp, s.id LIMIT 1`,
    [now],
  );
}

/** When the soonest waiting message is due, in seconds; null when none waits. */
export function soonestScheduledTimestamp(sql: Sql): number | null {
  return (
    sql.get<{ at: number | null }>(
      'SELECT MIN(scheduled_timestamp) AS at FROM scheduled_messages WHERE delivered = 0 AND failed = 0',
    )?.at ?? null
  );
}

export function markScheduledMessageDelivered(sql: Sql, id: number, messageId: number): void {
  sql.run(
    'UPDATE scheduled_messages SET delivered = 1, delivered_message_id = ? WHERE id = ? AND delivered = 0',
    [messageId, id],
  );
}

export function markScheduledMessageFailed(sql: Sql, id: number, failureMessage: string): void {
  sql.run('UPDATE scheduled_messages SET failed = 1, failure_message = ? WHERE id = ?', [
    failureMessage,
    id,
  ]);
}
