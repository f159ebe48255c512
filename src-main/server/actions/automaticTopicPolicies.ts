import { canAccessStreamHistory } from '../narrow/history';
import type { Services } from '../services';
import {
  AutomaticPolicy,
  followedTopicSettingsOf,
  type FollowedTopicSettings,
} from '../store/followedTopicSettings';
import type { MessagePlaceRow } from '../store/messages';
import { RecipientType } from '../store/recipients';
import { streamById, type StreamRow } from '../store/streams';
import { streamMutedFor, topicHasOtherMessage } from '../store/topicParticipation';
import { hasMessageInTopic } from '../store/userMessages';
import { topicVisibility, VisibilityPolicy } from '../store/userTopics';
import { usersByIds, type UserRow } from '../store/users';
import { storeTopicVisibilityChange, type StoredTopicVisibility } from './topicVisibility';

type Settings = Pick<
  FollowedTopicSettings,
  'automatically_follow_topics_policy' | 'automatically_unmute_topics_in_muted_streams_policy'
>;

// Zulip's visibility_policy_for_participation and visibility_policy_for_send:
// following wins over unmuting, which only a muted channel calls for.
function policyOn(when: number, settings: Settings, streamMuted: boolean | null): number | null {
  if (settings.automatically_follow_topics_policy === when) return VisibilityPolicy.followed;
  if (
    streamMuted === true &&
    settings.automatically_unmute_topics_in_muted_streams_policy === when
  ) {
    return VisibilityPolicy.unmuted;
  }
  return null;
}

interface SentToTopic {
  stream: StreamRow;
  topic: string;
  messageId: number;
}

/**
 * Zulip's visibility_policy_for_send_message: what the sender's message makes
 * of their policy for its topic, or null when it would not raise it. Starting
 * a topic is judged by the messages the sender may see in it, so a private
 * channel's protected history does not give away that others wrote there.
 */
function policyForSentMessage(
  services: Services,
  sender: UserRow,
  settings: Settings,
  sent: SentToTopic,
  streamMuted: boolean | null,
): number | null {
  const { sql } = services;
  const current = topicVisibility(sql, sender.id, sent.stream.id, sent.topic);
  if (current === VisibilityPolicy.followed) return null;
  const participation = policyOn(AutomaticPolicy.onParticipation, settings, streamMuted);
  const send = policyOn(AutomaticPolicy.onSend, settings, streamMuted);
  if (participation === VisibilityPolicy.followed || send === VisibilityPolicy.followed) {
    return VisibilityPolicy.followed;
  }
  let policy: number | null =
    participation === VisibilityPolicy.unmuted || send === VisibilityPolicy.unmuted
      ? VisibilityPolicy.unmuted
      : null;
  // A topic the user has a policy for cannot be one they are starting.
  if (current !== VisibilityPolicy.inherit) return policy === current ? null : policy;
  const started = !(canAccessStreamHistory(sql, sender, sent.stream)
    ? topicHasOtherMessage(sql, sent.stream.recipient_id, sent.topic, sent.messageId)
    : hasMessageInTopic(sql, sender.id, sent.stream.recipient_id, sent.topic, sent.messageId));
  if (!started) return policy;
  if (settings.automatically_follow_topics_policy === AutomaticPolicy.onInitiation) {
    return VisibilityPolicy.followed;
  }
  if (
    streamMuted === true &&
    settings.automatically_unmute_topics_in_muted_streams_policy === AutomaticPolicy.onInitiation
  ) {
    policy = VisibilityPolicy.unmuted;
  }
  return policy;
}

export interface PoliciesOnSend {
  stored: StoredTopicVisibility[];
  /** Zulip's `automatic_new_visibility_policy` of the send's answer (feature level 218). */
  senderPolicy: number | null;
}

/**
 * As Zulip 12's do_send_messages, in the send's transaction once the message
 * is stored: the sender (not a bot) follows or unmutes the topic as their
 * automatic policies say, then every person mentioned among its recipients
 * who chose automatically_follow_topics_where_mentioned follows it, unless
 * they muted or already follow it.
 */
export function applyPoliciesOnSend(
  services: Services,
  sender: UserRow,
  sent: SentToTopic & {
    senderIsBot: boolean;
    readers: readonly number[];
    mentionedUserIds: ReadonlySet<number>;
  },
): PoliciesOnSend {
  const { sql } = services;
  const lastUpdated = Math.floor(Date.now() / 1000);
  const stored: StoredTopicVisibility[] = [];
  const store = (user: UserRow, policy: number) => {
    const change = { user, stream: sent.stream, topic: sent.topic, policy, lastUpdated };
    if (storeTopicVisibilityChange(services, user, change)) stored.push(change);
  };

  let senderPolicy: number | null = null;
  const settings = followedTopicSettingsOf(sql, sender.id);
  const never =
    settings.automatically_follow_topics_policy === AutomaticPolicy.never &&
    settings.automatically_unmute_topics_in_muted_streams_policy === AutomaticPolicy.never;
  if (!sent.senderIsBot && !never) {
    const streamMuted = streamMutedFor(sql, sender.id, sent.stream.recipient_id);
    senderPolicy = policyForSentMessage(services, sender, settings, sent, streamMuted);
    if (senderPolicy !== null) store(sender, senderPolicy);
  }

  const readers = new Set(sent.readers);
  const mentioned = [...sent.mentionedUserIds].filter((id) => readers.has(id));
  if (mentioned.length === 0) return { stored, senderPolicy };
  for (const user of usersByIds(sql, mentioned).sort((a, b) => a.id - b.id)) {
    if (user.is_bot === 1 || user.is_active !== 1) continue;
    if (!followedTopicSettingsOf(sql, user.id).automatically_follow_topics_where_mentioned)
      continue;
    const current = topicVisibility(sql, user.id, sent.stream.id, sent.topic);
    if (current === VisibilityPolicy.muted || current === VisibilityPolicy.followed) continue;
    store(user, VisibilityPolicy.followed);
  }
  return { stored, senderPolicy };
}

/**
 * As Zulip 12's do_add_reaction and do_add_submessage: a subscriber (not a
 * bot) whose automatic policies act on participation follows, or in a muted
 * channel unmutes, the topic of the message they took part in; never lowering
 * a followed topic. Runs in the caller's transaction.
 */
export function applyPolicyOnParticipation(
  services: Services,
  user: UserRow,
  message: MessagePlaceRow,
): StoredTopicVisibility[] {
  const { sql } = services;
  if (user.is_bot === 1 || message.recipient_type !== RecipientType.stream) return [];
  const settings = followedTopicSettingsOf(sql, user.id);
  const streamMuted = streamMutedFor(sql, user.id, message.recipient_id);
  if (streamMuted === null) return [];
  const policy = policyOn(AutomaticPolicy.onParticipation, settings, streamMuted);
  const stream = streamById(sql, message.recipient_type_id);
  if (policy === null || !stream) return [];
  const current = topicVisibility(sql, user.id, stream.id, message.subject);
  if (current === VisibilityPolicy.followed) return [];
  const change = {
    user,
    stream,
    topic: message.subject,
    policy,
    lastUpdated: Math.floor(Date.now() / 1000),
  };
  return storeTopicVisibilityChange(services, user, change) ? [change] : [];
}
