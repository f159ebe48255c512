import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMessageContent } from '../markdown/render';
import { accessMessage } from '../queries/messageAccess';
import { storeLookups } from '../queries/markdownLookups';
import type { Services } from '../services';
import { clientIdFor } from '../store/clients';
import {
  deleteScheduledMessage,
  DeliveryType,
  insertReminder,
  scheduledMessageOf,
} from '../store/scheduledMessages';
import type { UserRow } from '../store/users';
import { reminderDict } from '../register/remindersState';
import { checkReminderNote, reminderContent } from './reminderContent';
import { checkInFuture } from './scheduledMessages';
import { addressMessage } from './sendMessage';

export interface ReminderRequest {
  messageId: number;
  /** Seconds since the epoch. */
  deliverAt: number;
  note: string | undefined;
  clientName: string;
}

/**
 * Zulip's schedule_reminder_for_message: the time must be ahead, the message
 * one the user may read; the reminder is a direct message to the user
 * themself, checked as one, its content written now for the list of them.
 */
export function scheduleReminder(services: Services, user: UserRow, request: ReminderRequest) {
  const deliverAt = checkInFuture(services, request.deliverAt);
  const { sql } = services;
  const id = sql.transaction(() => {
    const message = accessMessage(sql, user, request.messageId);
    const note = request.note ? checkReminderNote(request.note) : null;
    const content = reminderContent(sql, services.realmUri(), message, note || null);
    const addressed = addressMessage(services, user, { type: 'private', to: [user.id] });
    return insertReminder(sql, user.id, {
      recipientId: addressed.recipientId,
      subject: '',
      content,
      renderedContent: renderMessageContent(content, storeLookups(sql)).html,
      sendingClientId: clientIdFor(sql, request.clientName),
      scheduledTimestamp: deliverAt,
      targetMessageId: message.id,
      note: note || null,
    });
  });
  const row = scheduledMessageOf(sql, user.id, id, DeliveryType.remind);
  if (row) {
    const payload = { op: 'add', reminders: [reminderDict(sql, row)] };
    services.queues.notify(plainNotice('reminders', payload), [user.id]);
  }
  services.scheduledDelivery.wake();
  return id;
}

export function announceReminderGone(services: Services, userId: number, id: number): void {
  services.queues.notify(plainNotice('reminders', { op: 'remove', reminder_id: id }), [userId]);
}

/** Zulip's DELETE /reminders/{reminder_id}: another's, or one that never was, does not exist. */
export function deleteReminder(services: Services, user: UserRow, id: number): void {
  const { sql } = services;
  sql.transaction(() => {
    if (!scheduledMessageOf(sql, user.id, id, DeliveryType.remind)) {
      throw errors.notFound('Reminder does not exist');
    }
    deleteScheduledMessage(sql, id);
  });
  announceReminderGone(services, user.id, id);
}
