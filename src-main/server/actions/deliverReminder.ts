import { ApiError } from '../errors';
import { accessMessage } from '../queries/messageAccess';
import type { Services } from '../services';
import {
  markScheduledMessageDelivered,
  markScheduledMessageFailed,
  scheduledMessageOf,
  DeliveryType,
  type ScheduledMessageRow,
} from '../store/scheduledMessages';
import type { UserRow } from '../store/users';
import { reminderContent } from './reminderContent';
import { announceReminderGone } from './reminders';
import { sendMessage } from './sendMessage';

// Zulip's send_reminder: the message as it reads now, or, if the user can
// no longer read it, as it read when the reminder was set.
function contentNow(services: Services, user: UserRow, row: ScheduledMessageRow): string {
  if (row.reminder_target_message_id === null) return row.content;
  try {
    const message = accessMessage(services.sql, user, row.reminder_target_message_id);
    return reminderContent(services.sql, services.realmUri(), message, row.reminder_note);
  } catch (error) {
    if (error instanceof ApiError) return row.content;
    throw error;
  }
}

/**
 * Zulip's send_reminder, whatever the time (a reminder surprises no one
 * else, so a late one is still sent). Zulip sends it from its Notification
 * Bot; Hearth has no system bots, so it is the user's note to self, left
 * unread as Zulip leaves the bot's. Marked delivered in the transaction that
 * stores it, so it is sent once whatever stops the host.
 */
export function deliverReminder(services: Services, user: UserRow, row: ScheduledMessageRow) {
  const { sql } = services;
  try {
    sendMessage(services, user, {
      destination: { type: 'private', to: [user.id] },
      content: contentNow(services, user, row),
      clientName: row.client_name,
      readBySender: false,
      alsoInTransaction: (messageId) => markScheduledMessageDelivered(sql, row.id, messageId),
    });
  } catch (error) {
    if (scheduledMessageOf(sql, user.id, row.id, DeliveryType.remind)?.delivered === 1) throw error;
    const why = error instanceof ApiError ? error.message : 'Internal server error';
    markScheduledMessageFailed(sql, row.id, why);
    if (!(error instanceof ApiError)) throw error;
    return;
  }
  announceReminderGone(services, user.id, row.id);
}
