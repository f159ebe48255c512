import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMessageContent } from '../markdown/render';
import { storeLookups } from '../queries/markdownLookups';
import type { Services } from '../services';
import { clientIdFor } from '../store/clients';
import { RecipientType } from '../store/recipients';
import {
  deleteScheduledMessage as deleteRow,
  insertScheduledMessage,
  scheduledMessageOf,
  updateScheduledMessage,
  type ScheduledMessageFields,
  type ScheduledMessageRow,
} from '../store/scheduledMessages';
import type { UserRow } from '../store/users';
import { directRecipientIds, scheduledMessageDict } from '../register/scheduledMessagesState';
import { addressMessage } from './sendMessage';
import type { Destination } from '../messageDestination';
import { checkContent } from './validate';

/** Where a scheduled message goes: a channel's ID with a topic, or the other people's IDs. */
export type ScheduledDestination =
  | { type: 'stream'; to: number; topic: string | undefined }
  | { type: 'private'; to: readonly number[] };

export interface ScheduleRequest {
  destination: ScheduledDestination;
  content: string;
  /** Seconds since the epoch. */
  deliverAt: number;
  clientName: string;
}

/** PATCH /scheduled_messages/{id}: each part undefined when not given. */
export interface ScheduledEdit {
  type?: 'stream' | 'private' | undefined;
  to?: number | readonly number[] | undefined;
  topic?: string | undefined;
  content?: string | undefined;
  deliverAt?: number | undefined;
  clientName: string;
}

// Zulip's DeliveryTimeNotInFutureError, measured against the host's clock.
export function checkInFuture(services: Services, deliverAt: number): number {
  if (deliverAt * 1000 <= services.clock.now()) {
    throw errors.badRequest('Scheduled delivery time must be in the future.');
  }
  return deliverAt;
}

function asDestination(destination: ScheduledDestination): Destination {
  if (destination.type === 'private') return { type: 'private', to: destination.to };
  if (destination.topic === undefined) throw errors.badRequest('Missing topic');
  return { type: 'stream', stream: destination.to, topic: destination.topic };
}

/**
 * Zulip's check_message for a message to be sent later: the same refusals
 * as sending it now, and the content rendered now for the list of them.
 * Runs in a transaction (addressing may make a group's recipient).
 */
function checkedFields(
  services: Services,
  sender: UserRow,
  destination: ScheduledDestination,
  content: string,
  deliverAt: number,
  clientName: string,
): ScheduledMessageFields {
  const { sql } = services;
  const checkedContent = checkContent(content);
  const addressed = addressMessage(services, sender, asDestination(destination));
  return {
    recipientId: addressed.recipientId,
    subject: addressed.topic,
    content: checkedContent,
    renderedContent: renderMessageContent(checkedContent, storeLookups(sql)).html,
    sendingClientId: clientIdFor(sql, clientName),
    scheduledTimestamp: deliverAt,
  };
}

/** Zulip's access_scheduled_message: another's, or one that never was, does not exist. */
function accessScheduledMessage(
  services: Services,
  sender: UserRow,
  id: number,
): ScheduledMessageRow {
  const row = scheduledMessageOf(services.sql, sender.id, id);
  if (!row) throw errors.notFound('Scheduled message does not exist');
  return row;
}

/** Tells the sender's own queues of a scheduled message as it now is. */
export function announceScheduledMessage(
  services: Services,
  senderId: number,
  id: number,
  op: 'add' | 'update',
): void {
  const { sql } = services;
  const row = scheduledMessageOf(sql, senderId, id);
  if (!row) return;
  const dict = scheduledMessageDict(sql, row);
  const payload =
    op === 'add' ? { op, scheduled_messages: [dict] } : { op, scheduled_message: dict };
  services.queues.notify(plainNotice('scheduled_messages', payload), [senderId]);
}

export function announceScheduledMessageGone(
  services: Services,
  senderId: number,
  id: number,
): void {
  services.queues.notify(
    plainNotice('scheduled_messages', { op: 'remove', scheduled_message_id: id }),
    [senderId],
  );
}

/** Zulip 7.0's POST /scheduled_messages (check_schedule_message): the new one's ID. */
export function scheduleMessage(
  services: Services,
  sender: UserRow,
  request: ScheduleRequest,
): number {
  const deliverAt = checkInFuture(services, request.deliverAt);
  const { sql } = services;
  const id = sql.transaction(() =>
    insertScheduledMessage(
      sql,
      sender.id,
      checkedFields(
        services,
        sender,
        request.destination,
        request.content,
        deliverAt,
        request.clientName,
      ),
    ),
  );
  announceScheduledMessage(services, sender.id, id, 'add');
  services.scheduledDelivery.wake();
  return id;
}

function currentDestination(
  services: Services,
  row: ScheduledMessageRow,
): ScheduledDestination & { type: 'stream' | 'private' } {
  return row.recipient_type === RecipientType.stream
    ? { type: 'stream', to: row.recipient_type_id, topic: row.subject }
    : { type: 'private', to: directRecipientIds(services.sql, row) };
}

// Zulip 7.0's edit_scheduled_message: a new type needs a new `to`, and a
// channel a topic; a topic alone applies to a channel message only.
function editedDestination(
  services: Services,
  row: ScheduledMessageRow,
  edit: ScheduledEdit,
): ScheduledDestination {
  const current = currentDestination(services, row);
  const type = edit.type ?? current.type;
  const to = edit.to ?? current.to;
  if (type === 'stream') {
    if (typeof to !== 'number') throw errors.badRequest('Invalid data type for channel ID');
    const topic = edit.topic ?? (current.type === 'stream' ? current.topic : undefined);
    return { type, to, topic };
  }
  if (typeof to === 'number') throw errors.badRequest('Invalid data type for recipients');
  return { type, to };
}

/** Zulip 7.0's PATCH /scheduled_messages/{id}: a failed one must be given a new time. */
export function editScheduledMessage(
  services: Services,
  sender: UserRow,
  id: number,
  edit: ScheduledEdit,
): void {
  const { sql } = services;
  const given = [edit.type, edit.to, edit.topic, edit.content, edit.deliverAt];
  if (given.every((part) => part === undefined)) throw errors.badRequest('Nothing to change');
  if (edit.type !== undefined && edit.to === undefined) {
    throw errors.badRequest('Recipient required when updating type of scheduled message.');
  }
  if (edit.type === 'stream' && edit.topic === undefined) {
    throw errors.badRequest('Topic required when updating scheduled message type to channel.');
  }
  const deliverAt =
    edit.deliverAt === undefined ? undefined : checkInFuture(services, edit.deliverAt);
  sql.transaction(() => {
    const row = accessScheduledMessage(services, sender, id);
    if (row.delivered === 1) throw errors.badRequest('Scheduled message was already sent');
    if (row.failed === 1 && deliverAt === undefined) {
      throw errors.badRequest('Scheduled delivery time must be in the future.');
    }
    const destination = editedDestination(services, row, edit);
    updateScheduledMessage(
      sql,
      id,
      checkedFields(
        services,
        sender,
        destination,
        edit.content ?? row.content,
        deliverAt ?? row.scheduled_timestamp,
        edit.clientName,
      ),
    );
  });
  announceScheduledMessage(services, sender.id, id, 'update');
  services.scheduledDelivery.wake();
}

/** Zulip 7.0's DELETE /scheduled_messages/{id}. */
export function deleteScheduledMessage(services: Services, sender: UserRow, id: number): void {
  const { sql } = services;
  sql.transaction(() => {
    accessScheduledMessage(services, sender, id);
    deleteRow(sql, id);
  });
  announceScheduledMessageGone(services, sender.id, id);
}
