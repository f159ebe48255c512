import type { Reminder } from '../../wire';
import {
  DeliveryType,
  undeliveredScheduledMessages,
  type ScheduledMessageRow,
} from '../store/scheduledMessages';
import type { Sql } from '../store/sql';
import { directRecipientIds } from './scheduledMessagesState';

/** Zulip's ScheduledMessage.to_reminder_dict. */
export function reminderDict(sql: Sql, row: ScheduledMessageRow): Reminder {
  return {
    reminder_id: row.id,
    type: 'private',
    to: directRecipientIds(sql, row),
    content: row.content,
    rendered_content: row.rendered_content,
    scheduled_delivery_timestamp: row.scheduled_timestamp,
    failed: row.failed === 1,
    reminder_target_message_id: row.reminder_target_message_id ?? 0,
  };
}

/** GET /reminders and register's `reminders`: not yet delivered, soonest first. */
export function remindersState(sql: Sql, userId: number): Reminder[] {
  return undeliveredScheduledMessages(sql, userId, DeliveryType.remind).map((row) =>
    reminderDict(sql, row),
  );
}
