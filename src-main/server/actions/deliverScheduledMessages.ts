import { ApiError } from '../errors';
import type { Services } from '../services';
import {
  markScheduledMessageDelivered,
  markScheduledMessageFailed,
  DeliveryType,
  nextDueScheduledMessage,
  scheduledMessageOf,
  type ScheduledMessageRow,
} from '../store/scheduledMessages';
import { RecipientType } from '../store/recipients';
import { userById, type UserRow } from '../store/users';
import { directRecipientIds } from '../register/scheduledMessagesState';
import { announceScheduledMessage, announceScheduledMessageGone } from './scheduledMessages';
import { deliverReminder } from './deliverReminder';
import { sendMessage } from './sendMessage';
import type { Destination } from '../messageDestination';

function destinationOf(services: Services, row: ScheduledMessageRow): Destination {
  return row.recipient_type === RecipientType.stream
    ? { type: 'stream', stream: row.recipient_type_id, topic: row.subject }
    : { type: 'private', to: directRecipientIds(services.sql, row) };
}

// Zulip's send_failed_scheduled_message_notification, in its words. Zulip
// sends it from its Notification Bot; Hearth has no system bots, so it is
// the sender's note to self, as Hearth's other notices are the actor's own.
function tellSender(services: Services, sender: UserRow, row: ScheduledMessageRow, why: string) {
  const when = new Date(row.scheduled_timestamp * 1000).toISOString();
  const content = [
    `The message you scheduled for <time:${when}> was not sent because of the following error:`,
    `> ${why}`,
    '[View scheduled messages](#scheduled)',
  ].join('\n\n');
  try {
    sendMessage(services, sender, {
      destination: { type: 'private', to: [sender.id] },
      content,
      clientName: 'Hearth',
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * Zulip's send_scheduled_message: checked again as if sent now (permissions
 * may have changed), marked delivered in the transaction that stores the
 * message so that it is sent once even if the host stops right after. A
 * refusal marks it failed with Zulip's words and tells the sender, except
 * to a deactivated sender, as Zulip does. Hearth sends a late one still
 * (after the host was stopped over its time), where Zulip gives up after ten
 * minutes: a host on a laptop is often closed when the time comes.
 */
function deliverOne(services: Services, row: ScheduledMessageRow): void {
  const { sql } = services;
  const sender = userById(sql, row.sender_id);
  if (!sender || sender.is_active !== 1) {
    markScheduledMessageFailed(sql, row.id, 'Account is deactivated');
    return;
  }
  if (row.delivery_type === DeliveryType.remind) {
    deliverReminder(services, sender, row);
    return;
  }
  try {
    sendMessage(services, sender, {
      destination: destinationOf(services, row),
      content: row.content,
      clientName: row.client_name,
      alsoInTransaction: (messageId) => markScheduledMessageDelivered(sql, row.id, messageId),
    });
    announceScheduledMessageGone(services, sender.id, row.id);
  } catch (error) {
    if (scheduledMessageOf(sql, sender.id, row.id)?.delivered === 1) throw error;
    const why = error instanceof ApiError ? error.message : 'Internal server error';
    markScheduledMessageFailed(sql, row.id, why);
    announceScheduledMessage(services, sender.id, row.id, 'update');
    tellSender(services, sender, row, why);
    if (!(error instanceof ApiError)) throw error;
  }
}

/** Zulip's deliver_scheduled_messages worker: every message due by the host's clock, soonest first. */
export function deliverDueScheduledMessages(services: Services): void {
  const now = Math.floor(services.clock.now() / 1000);
  for (
    let row = nextDueScheduledMessage(services.sql, now);
    row !== undefined;
    row = nextDueScheduledMessage(services.sql, now)
  ) {
    deliverOne(services, row);
  }
}
