import { ApiError, errors } from '../errors';
import { isNobody } from '../../permissions/groupSettings';
import type { RenderedMessage } from '../markdown/lookups';
import { SystemGroupId } from '../queries/systemGroups';
import { hasSentTo } from '../store/messages';
import { getRealm } from '../store/realm';
import { recipientFor, RecipientType } from '../store/recipients';
import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { activeSubscriberCount } from '../store/subscriptions';
import { topicHasMessages } from '../store/topics';
import { userGroupById } from '../store/userGroups';
import { userById, type UserRow } from '../store/users';
import { channelSettingOf, mayInChannel } from './channelGroupSettings';
import { holdsGroupSetting, mayInRealm } from './groupPermission';
import { groupSettingOf, realmGroupSettings } from './realmGroupSettings';
import { userGroupSettingOf, userGroupSettings } from './userGroupSettings';

// Zulip 12's check for can_send_message_group: one answer whichever group
// refuses, a group standing for one of 7.0's stream_post_policy values too.
export function checkMayPost(sql: Sql, sender: UserRow, stream: StreamRow): void {
  if (mayInChannel(sql, sender, stream, 'can_send_message_group')) return;
  throw errors.badRequest('You do not have permission to post in this channel.');
}

/**
 * Zulip's check_for_can_create_topic_group_violation: a topic that has
 * messages is open to whoever may post; starting one needs the channel's
 * can_create_topic_group, which a bot may borrow from its owner. Moving
 * messages into a topic starts it as sending does.
 */
export function checkMayCreateTopic(
  sql: Sql,
  sender: UserRow,
  stream: StreamRow,
  topic: string,
): void {
  // Most channels let everyone start topics: no lookup of the topic then.
  if (channelSettingOf(stream, 'can_create_topic_group') === SystemGroupId.everyone) return;
  if (topicHasMessages(sql, stream.recipient_id, topic)) return;
  if (mayInChannel(sql, sender, stream, 'can_create_topic_group')) return;
  const owner =
    sender.is_bot === 1 && sender.bot_owner_id !== null
      ? userById(sql, sender.bot_owner_id)
      : undefined;
  if (owner && mayInChannel(sql, owner, stream, 'can_create_topic_group')) return;
  throw errors.badRequest('You do not have permission to create new topics in this channel.');
}

// Zulip's Realm.WILDCARD_MENTION_THRESHOLD: @all reaching more subscribers,
// or @topic more participants, than this needs can_mention_many_users_group.
const WILDCARD_MENTION_THRESHOLD = 15;

/**
 * Zulip's checks of what a message mentions, on sending and on editing: a
 * channel-wide mention of a large channel, a topic-wide mention of a topic
 * with many participants (`topicParticipants`, empty outside channels), and
 * each user group mentioned out loud (a silent or quoted mention notifies no
 * one and is free).
 */
export function checkMayMention(
  sql: Sql,
  sender: UserRow,
  stream: StreamRow | null,
  rendered: Pick<
    RenderedMessage,
    'wildcardMentioned' | 'topicWildcardMentioned' | 'mentionedGroupIds'
  >,
  topicParticipants: ReadonlySet<number>,
): void {
  if (
    stream !== null &&
    rendered.wildcardMentioned &&
    activeSubscriberCount(sql, stream.recipient_id) > WILDCARD_MENTION_THRESHOLD &&
    !mayInRealm(sql, sender, 'can_mention_many_users_group')
  ) {
    throw new ApiError(
      'You do not have permission to use channel wildcard mentions in this channel.',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
  if (
    stream !== null &&
    rendered.topicWildcardMentioned &&
    topicParticipants.size > WILDCARD_MENTION_THRESHOLD &&
    !mayInRealm(sql, sender, 'can_mention_many_users_group')
  ) {
    throw new ApiError(
      'You do not have permission to use topic wildcard mentions in this topic.',
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    );
  }
  for (const groupId of rendered.mentionedGroupIds) {
    const group = userGroupById(sql, groupId);
    if (!group) continue;
    const value = userGroupSettingOf(group, 'can_mention_group');
    if (value === SystemGroupId.everyone) continue;
    if (!holdsGroupSetting(sql, sender, value, userGroupSettings.can_mention_group)) {
      throw errors.badRequest(`You are not allowed to mention user group '${group.name}'.`);
    }
  }
}

/** Whether `sender` and `other` have written to each other one to one before. */
export function haveWrittenToEachOther(sql: Sql, sender: UserRow, other: UserRow): boolean {
  const toOther = recipientFor(sql, RecipientType.personal, other.id);
  const toSender = recipientFor(sql, RecipientType.personal, sender.id);
  return (
    (toOther !== undefined && hasSentTo(sql, toOther.id, sender.id)) ||
    (toSender !== undefined && hasSentTo(sql, toSender.id, other.id))
  );
}

/**
 * Zulip's check_can_send_direct_message. Bots write and are written to
 * freely, as is one's own conversation. Otherwise someone in the
 * conversation must hold direct_message_permission_group, and a sender
 * outside direct_message_initiator_group may only answer a conversation
 * that already has messages (`started` is asked only then).
 */
export function checkMayDirectMessage(
  sql: Sql,
  sender: UserRow,
  recipients: readonly UserRow[],
  started: () => boolean,
): void {
  if (sender.is_bot === 1) return;
  if (recipients.every((user) => user.is_bot === 1 || user.id === sender.id)) return;
  const realm = getRealm(sql);
  if (!realm) throw new Error('the organization has not been created');
  const permission = groupSettingOf(realm, 'direct_message_permission_group');
  if (permission !== SystemGroupId.everyone) {
    const rules = realmGroupSettings.direct_message_permission_group;
    const authorized = [sender, ...recipients].some((user) =>
      holdsGroupSetting(sql, user, permission, rules),
    );
    if (!authorized) {
      throw errors.badRequest(
        isNobody(permission)
          ? 'Direct messages are disabled in this organization.'
          : 'This conversation does not include any users who can authorize it.',
      );
    }
  }
  const initiators = groupSettingOf(realm, 'direct_message_initiator_group');
  const initiatorRules = realmGroupSettings.direct_message_initiator_group;
  if (holdsGroupSetting(sql, sender, initiators, initiatorRules)) return;
  if (!started()) {
    throw errors.badRequest('You do not have permission to initiate direct message conversations.');
  }
}
