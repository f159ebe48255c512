import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import { displaySettingsOf } from '../store/displaySettings';
import { typingListeners } from '../store/modernSettings';
import { subscriberIds } from '../store/subscriptions';
import { userById, type UserRow } from '../store/users';
import { checkTopic } from './validate';

export type TypingOp = 'start' | 'stop';

const person = (user: UserRow) => ({ user_id: user.id, email: user.email });

/**
 * Zulip's check_send_typing_notification: everyone in the private
 * conversation, the typist included, hears of it; one unknown user ID fails
 * the whole request, and deactivated participants are listed but not told,
 * nor those who turned receives_typing_notifications off (feature level 253).
 */
export function sendPrivateTyping(
  services: Services,
  sender: UserRow,
  op: TypingOp,
  userIds: readonly number[],
): void {
  if (userIds.length === 0) throw errors.badRequest("Empty 'to' list");
  const { sql } = services;
  if (!displaySettingsOf(sql, sender.id).send_private_typing_notifications) {
    throw errors.badRequest('User has disabled typing notifications for direct messages');
  }
  const ids = userIds.includes(sender.id) ? [...userIds] : [...userIds, sender.id];
  const participants = ids.map((id) => {
    const user = userById(sql, id);
    if (!user) throw errors.badRequest(`Invalid user ID ${id}`);
    return user;
  });
  services.queues.notify(
    plainNotice('typing', {
      message_type: 'private',
      op,
      sender: person(sender),
      recipients: participants.map(person),
    }),
    typingListeners(
      sql,
      participants.filter((user) => user.is_active === 1).map((user) => user.id),
    ),
  );
}

/**
 * Zulip's do_send_stream_typing_notification: the stream's subscribers hear
 * of it, but for those who turned receives_typing_notifications off.
 */
export function sendStreamTyping(
  services: Services,
  sender: UserRow,
  op: TypingOp,
  target: { streamId: number; topic: string },
): void {
  const { sql } = services;
  if (!displaySettingsOf(sql, sender.id).send_stream_typing_notifications) {
    throw errors.badRequest('User has disabled typing notifications for stream messages');
  }
  const stream = accessStreamById(sql, sender, target.streamId);
  const topic = checkTopic(target.topic);
  services.queues.notify(
    plainNotice('typing', {
      message_type: 'stream',
      op,
      sender: person(sender),
      stream_id: stream.id,
      topic,
    }),
    typingListeners(sql, subscriberIds(sql, stream.recipient_id)),
  );
}
