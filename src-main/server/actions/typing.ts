import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessMessage } from '../queries/messageAccess';
import { accessStreamById } from '../queries/streamAccess';
import type { Services } from '../services';
import { displaySettingsOf } from '../store/displaySettings';
import { typingListeners } from '../store/modernSettings';
import { getRealm } from '../store/realm';
import { RecipientType } from '../store/recipients';
import { subscriberIds } from '../store/subscriptions';
import { userById, usersByIds, type UserRow } from '../store/users';
import { checkMayEditContent } from './messageEditRules';
import { checkMayPost } from './sendPermissions';
import { checkTopic } from './validate';

export type TypingOp = 'start' | 'stop';

const person = (user: UserRow) => ({ user_id: user.id, email: user.email });

const channelTypingOff = () =>
  errors.badRequest('User has disabled typing notifications for channel messages');
const directTypingOff = () =>
  errors.badRequest('User has disabled typing notifications for direct messages');

/**
 * Zulip's check_send_typing_notification: everyone in the private
 * conversation, the typist included, hears of it; one unknown user ID fails
 * the whole request, and deactivated participants are listed but not told,
 * nor those who turned receives_typing_notifications off (feature level 253).
 * The event says `direct`, as Zulip 8.0 (feature level 215) renamed `private`.
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
    throw directTypingOff();
  }
  const ids = userIds.includes(sender.id) ? [...userIds] : [...userIds, sender.id];
  const participants = ids.map((id) => {
    const user = userById(sql, id);
    if (!user) throw errors.badRequest(`Invalid user ID ${id}`);
    return user;
  });
  services.queues.notify(
    plainNotice('typing', {
      message_type: 'direct',
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
 * of it, but for those who turned receives_typing_notifications off. Only
 * those who may post there may say they are typing, and the empty topic may
 * be named by "(no topic)" too (feature level 372).
 */
export function sendStreamTyping(
  services: Services,
  sender: UserRow,
  op: TypingOp,
  target: { streamId: number; topic: string },
): void {
  const { sql } = services;
  if (!displaySettingsOf(sql, sender.id).send_stream_typing_notifications) {
    throw channelTypingOff();
  }
  const stream = accessStreamById(sql, sender, target.streamId);
  checkMayPost(sql, sender, stream);
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

/**
 * Zulip's send_message_edit_notification_backend (feature levels 351 and
 * 361): whoever may edit the message's content now, with no grace past the
 * time limit, tells those who would see the edit that they are editing it. A
 * channel message's subscribers hear of it; a direct message's active
 * participants, whom the event lists.
 */
export function sendMessageEditTyping(
  services: Services,
  editor: UserRow,
  op: TypingOp,
  messageId: number,
): void {
  const { sql } = services;
  const message = accessMessage(sql, editor, messageId);
  const realm = getRealm(sql);
  if (!realm) throw new Error('the realm is missing');
  checkMayEditContent(realm, editor, message, Date.now() / 1000, 0);
  const settings = displaySettingsOf(sql, editor.id);
  const edit = { op, sender_id: editor.id, message_id: message.id };
  if (message.recipient_type === RecipientType.stream) {
    if (!settings.send_stream_typing_notifications) throw channelTypingOff();
    const recipient = {
      type: 'channel',
      channel_id: message.recipient_type_id,
      topic: message.subject,
    };
    services.queues.notify(
      plainNotice('typing_edit_message', { ...edit, recipient }),
      typingListeners(sql, subscriberIds(sql, message.recipient_id)),
    );
    return;
  }
  if (!settings.send_private_typing_notifications) throw directTypingOff();
  const participantIds =
    message.recipient_type === RecipientType.personal
      ? [...new Set([editor.id, message.recipient_type_id])].sort((a, b) => a - b)
      : subscriberIds(sql, message.recipient_id);
  const told = typingListeners(
    sql,
    usersByIds(sql, participantIds)
      .filter((user) => user.is_active === 1)
      .map((user) => user.id)
      .sort((a, b) => a - b),
  );
  services.queues.notify(
    plainNotice('typing_edit_message', { ...edit, recipient: { type: 'direct', user_ids: told } }),
    told,
  );
}
