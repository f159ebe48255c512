import type { ScheduledMessage } from '../../wire';
import { RecipientType } from '../store/recipients';
import { undeliveredScheduledMessages, type ScheduledMessageRow } from '../store/scheduledMessages';
import type { Sql } from '../store/sql';
import { subscriberIds } from '../store/subscriptions';

/**
 * Zulip's get_recipient_ids: a direct message is addressed to the other
 * people of the conversation (oneself for a note to self).
 */
export function directRecipientIds(sql: Sql, row: ScheduledMessageRow): number[] {
  if (row.recipient_type === RecipientType.personal) return [row.recipient_type_id];
  return subscriberIds(sql, row.recipient_id).filter((id) => id !== row.sender_id);
}

/** Zulip 7.0's ScheduledMessage.to_dict. */
export function scheduledMessageDict(sql: Sql, row: ScheduledMessageRow): ScheduledMessage {
  const common = {
    scheduled_message_id: row.id,
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_timestamp,
    failed: row.failed === 1,
  };
  return row.recipient_type === RecipientType.stream
    ? { ...common, type: 'stream', to: row.recipient_type_id, topic: row.subject }
    : { ...common, type: 'private', to: directRecipientIds(sql, row) };
}

/** GET /scheduled_messages and register's `scheduled_messages`: not yet sent, soonest first. */
export function scheduledMessagesState(sql: Sql, userId: number): ScheduledMessage[] {
  return undeliveredScheduledMessages(sql, userId).map((row) => scheduledMessageDict(sql, row));
}
