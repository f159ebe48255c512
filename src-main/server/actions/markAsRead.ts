import type { UpdateMessageFlagsEvent } from '../../wire';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import { hasMessageInTopic, markAllRowsRead, markStreamRowsRead } from '../store/userMessages';
import type { UserRow } from '../store/users';
import { takeDownReadPushes } from './pushRemovals';

/** Zulip's ReadMessagesEvent, which every way of marking messages read sends. */
export function readEvent(
  messages: number[],
  all: boolean,
): Omit<UpdateMessageFlagsEvent, 'id' | 'type'> {
  return { op: 'add', operation: 'add', flag: 'read', messages, all };
}

/**
 * Zulip's do_mark_all_as_read: every unread message of the user, muted
 * streams and topics included. The event lists no messages but says `all`,
 * and is sent even when nothing was unread.
 */
export function markAllAsRead(services: Services, user: UserRow): number {
  const count = markAllRowsRead(services.sql, user.id);
  services.queues.notify(plainNotice('update_message_flags', readEvent([], true)), [user.id]);
  takeDownReadPushes(services, user.id, null);
  return count;
}

/**
 * Zulip's do_mark_stream_messages_as_read: the user's unread messages in the
 * stream, or in one of its topics (matched without regard to case). Nothing
 * unread, no event.
 */
export function markStreamAsRead(
  services: Services,
  user: UserRow,
  target: { stream: StreamRow; topic: string | null },
): number[] {
  const { sql } = services;
  const { stream } = target;
  // Zulip treats an empty topic_name as no topic at all: the whole stream.
  const topic = target.topic === '' ? null : target.topic;
  const changed = sql.transaction(() => {
    if (topic !== null && !hasMessageInTopic(sql, user.id, stream.recipient_id, topic)) {
      throw errors.badRequest(`No such topic '${topic}'`);
    }
    return markStreamRowsRead(sql, user.id, stream.recipient_id, topic);
  });
  if (changed.length > 0) {
    services.queues.notify(plainNotice('update_message_flags', readEvent(changed, false)), [
      user.id,
    ]);
    takeDownReadPushes(services, user.id, changed);
  }
  return changed;
}
