import { avatarUrl } from '../shape/avatars';
import { Flag } from '../store/flags';
import { huddleMemberIds } from '../store/huddles';
import { viewedMessageById } from '../store/messages';
import { RecipientType } from '../store/recipients';
import { streamById } from '../store/streams';
import { userGroupById } from '../store/userGroups';
import { userById } from '../store/users';
import type { Sql } from '../store/sql';
import { pushContent } from './pushContent';

// The plaintext of Zulip 12's E2EE payloads (api_docs/mobile-notifications.md,
// feature levels 413 and 429; zerver/lib/push_notifications.py,
// get_message_payload and get_remove_payload_gcm), which each device's key
// then seals.

/** What every payload says of the organization and the user. */
export interface PayloadBase {
  realm_url: string;
  realm_name: string;
  user_id: number;
}

/**
 * A message's notification for one of its readers, naming the group whose
 * mention brought it if one did; null when there is none to send: the
 * message is gone, out of the user's reach, or already read.
 */
export function messagePayload(
  sql: Sql,
  base: PayloadBase,
  messageId: number,
  mentionedGroupId: number | null,
): Record<string, unknown> | null {
  const message = viewedMessageById(sql, base.user_id, messageId);
  if (!message || message.flags === null || (message.flags & Flag.read) !== 0) return null;
  const sender = userById(sql, message.sender_id);
  if (!sender) return null;
  const common = {
    ...base,
    type: 'message',
    message_id: message.id,
    time: message.date_sent,
    sender_id: sender.id,
    sender_full_name: sender.full_name,
    sender_avatar_url: new URL(avatarUrl(sender), base.realm_url).href,
    content: pushContent(message.rendered_content),
    ...mentioningGroup(sql, mentionedGroupId),
  };
  if (message.recipient_type === RecipientType.stream) {
    const stream = streamById(sql, message.recipient_type_id);
    return {
      ...common,
      recipient_type: 'channel',
      channel_id: message.recipient_type_id,
      ...(stream ? { channel_name: stream.name } : {}),
      topic: message.subject,
    };
  }
  const people =
    message.recipient_type === RecipientType.huddle
      ? huddleMemberIds(sql, message.recipient_type_id)
      : [message.sender_id, message.recipient_type_id];
  return {
    ...common,
    recipient_type: 'direct',
    // Every participant, the user and the sender included, once each.
    recipient_user_ids: [...new Set(people)].sort((a, b) => a - b),
  };
}

// The group's name as it is when the notification leaves, as Zulip reads it
// then (get_mentioned_user_group).
function mentioningGroup(sql: Sql, groupId: number | null) {
  const group = groupId === null ? undefined : userGroupById(sql, groupId);
  return group ? { mentioned_user_group_id: group.id, mentioned_user_group_name: group.name } : {};
}

/** Takes down the messages' notifications (Zulip keeps the newest 200: APNs' payloads are small). */
export const MAX_REMOVED_MESSAGE_IDS = 200;

export function removePayload(base: PayloadBase, messageIds: readonly number[]) {
  return { ...base, type: 'remove', message_ids: [...messageIds].slice(-MAX_REMOVED_MESSAGE_IDS) };
}
