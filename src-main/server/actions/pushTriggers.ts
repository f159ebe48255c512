import type { Services } from '../services';
import { Flag, WILDCARD_MENTIONED } from '../store/flags';
import { followedTopicSettingsOf } from '../store/followedTopicSettings';
import { isMuted } from '../store/mutedUsers';
import { presenceOf } from '../store/presence';
import { usersWithPushTokens } from '../store/pushDevices';
import { isPushActive, owePushes, takeDownPushes, type PushOwed } from '../store/pushNotifications';
import type { StreamRow } from '../store/streams';
import { subscriptionSettingsOf, type SubscriptionSettingsRow } from '../store/subscriptions';
import { topicVisibility, VisibilityPolicy } from '../store/userTopics';
import { notificationSettingsOf, type NotificationSettings } from '../store/userSettings';
import type { FollowedTopicSettings } from '../store/followedTopicSettings';

// Who Zulip 12.0 notifies on their phones of a new message, and why: its
// zerver/lib/notification_data.py (UserMessageNotificationsData and
// get_push_notification_trigger) and zerver/tornado/event_queue.py (whether
// the user is away from every other client).

/**
 * Zulip 12's OFFLINE_THRESHOLD_SECS (zproject/default_settings.py): a user
 * whose last activity is older than this counts as away, even with a client
 * open. (The host's presence still declares Zulip 7.0's 140 to clients.)
 */
const OFFLINE_THRESHOLD_SECS = 200;

/** A message as sent, with what its readers' flags say of each. */
export interface SentForPush {
  messageId: number;
  senderId: number;
  readers: readonly number[];
  flags: ReadonlyMap<number, number>;
  /** Null for a direct message. */
  stream: StreamRow | null;
  recipientId: number;
  topic: string;
  /** For each reader mentioned only through groups, the group the notification names. */
  mentioningGroupOf: ReadonlyMap<number, number>;
}

interface Wishes {
  settings: NotificationSettings;
  followed: FollowedTopicSettings;
  subscription: SubscriptionSettingsRow | undefined;
  visibility: number;
}

/**
 * Zulip's triggers, in its order of precedence; null when the message
 * notifies nobody's phone for this user.
 */
export function pushTrigger(flags: number, isDirect: boolean, wishes: Wishes): string | null {
  const { settings, followed, subscription, visibility } = wishes;
  // Zulip gates direct messages and every kind of mention on one setting.
  const offline = settings.enable_offline_push_notifications;
  if (isDirect) return offline ? 'direct_message' : null;
  if ((flags & Flag.mentioned) !== 0 && offline) return 'mentioned';
  const isFollowed = visibility === VisibilityPolicy.followed;
  const heard = hearsTopic(wishes);
  const topicWildcard = (flags & Flag.topic_wildcard_mentioned) !== 0 && offline;
  const channelWildcard = (flags & Flag.stream_wildcard_mentioned) !== 0 && offline;
  if (isFollowed && followed.enable_followed_topic_wildcard_mentions_notify) {
    if (topicWildcard) return 'topic_wildcard_mentioned_in_followed_topic';
    if (channelWildcard) return 'stream_wildcard_mentioned_in_followed_topic';
  }
  const wildcards =
    heard &&
    (subscription?.wildcard_mentions_notify ?? Number(settings.wildcard_mentions_notify)) === 1;
  if (wildcards && topicWildcard) return 'topic_wildcard_mentioned';
  if (wildcards && channelWildcard) return 'stream_wildcard_mentioned';
  if (isFollowed && followed.enable_followed_topic_push_notifications) {
    return 'followed_topic_push_notify';
  }
  return channelPushes(wishes) ? 'stream_push_notify' : null;
}

/** Neither the topic nor, unless the topic is unmuted, the channel is muted. */
function hearsTopic({ subscription, visibility }: Wishes): boolean {
  const channelMuted = subscription?.is_muted === 1 && visibility !== VisibilityPolicy.unmuted;
  return visibility !== VisibilityPolicy.muted && !channelMuted;
}

/** The user's phones hear of every message of the channel's topic (Zulip's stream_push_user_ids). */
function channelPushes(wishes: Wishes): boolean {
  const { subscription, settings } = wishes;
  const channelPush =
    subscription?.push_notifications ?? Number(settings.enable_stream_push_notifications);
  return hearsTopic(wishes) && channelPush === 1;
}

/** Where a message is: a channel's topic, or a direct message (`stream` null). */
interface Place {
  stream: StreamRow | null;
  recipientId: number;
  topic: string;
}

function wishesOf(
  services: Services,
  userId: number,
  place: Place,
  settings = notificationSettingsOf(services.sql, userId),
): Wishes {
  const { sql } = services;
  const { stream } = place;
  return {
    settings,
    followed: followedTopicSettingsOf(sql, userId),
    subscription: stream ? subscriptionSettingsOf(sql, userId, place.recipientId) : undefined,
    visibility: stream
      ? topicVisibility(sql, userId, stream.id, place.topic)
      : VisibilityPolicy.inherit,
  };
}

/**
 * Whether the user's phones hear of a message now: they are away from every
 * other client, or want pushes even while there.
 */
function wantsPushNow(services: Services, userId: number, settings: NotificationSettings): boolean {
  const nowSeconds = Math.floor(services.clock.now() / 1000);
  const lastActive = presenceOf(services.sql, userId)?.last_active_time ?? 0;
  const away =
    !services.queues.acceptsMessages(userId) || lastActive < nowSeconds - OFFLINE_THRESHOLD_SECS;
  return away || settings.enable_online_push_notifications;
}

/**
 * Notes in the send's transaction the notifications it owes, for the
 * service's courier to send once it commits. Only users with a phone the
 * service reaches are considered, so a send to people without one costs a
 * set lookup each.
 */
export function owePushesForSend(services: Services, sent: SentForPush): boolean {
  const { sql } = services;
  const reachable = usersWithPushTokens(sql);
  if (reachable.size === 0) return false;
  const pushes: PushOwed[] = [];
  for (const userId of sent.readers) {
    if (userId === sent.senderId || !reachable.has(userId)) continue;
    const flags = sent.flags.get(userId) ?? 0;
    // Read on arrival: the user muted the sender (Zulip's sender_is_muted).
    if ((flags & Flag.read) !== 0 || isMuted(sql, userId, sent.senderId)) continue;
    const settings = notificationSettingsOf(sql, userId);
    if (!wantsPushNow(services, userId, settings)) continue;
    const trigger = pushTrigger(
      flags,
      sent.stream === null,
      wishesOf(services, userId, sent, settings),
    );
    if (trigger) {
      pushes.push({
        userId,
        trigger,
        mentionedGroupId: sent.mentioningGroupOf.get(userId) ?? null,
      });
    }
  }
  owePushes(sql, sent.messageId, pushes);
  return pushes.length > 0;
}

const MENTIONS = Flag.mentioned | WILDCARD_MENTIONED;

/** A reader whose flags an edit changed. */
export interface ReaderFlagChange {
  userId: number;
  before: number;
  after: number;
}

/** A channel message's edit, with each reader's flags before and after. */
export interface EditForPush extends Place {
  stream: StreamRow;
  messageId: number;
  senderId: number;
  editorId: number;
  readers: readonly ReaderFlagChange[];
}

/**
 * Zulip 12.0's answer, in the edit's transaction, to a channel message's
 * mentions changing (zerver/tornado/event_queue.py,
 * maybe_enqueue_notifications_for_message_update, and
 * zerver/actions/message_flags.py, do_update_mobile_push_notification): a
 * reader newly mentioned is notified as of a mention by name, and one no
 * longer mentioned has the notification taken down; neither for a reader
 * whose phones hear of every message of the channel anyway. True when the
 * courier has something to send.
 */
export function owePushesForEdit(services: Services, edit: EditForPush): boolean {
  const { sql } = services;
  const reachable = usersWithPushTokens(sql);
  if (reachable.size === 0) return false;
  let owed = false;
  for (const { userId, before, after } of edit.readers) {
    const wasMentioned = (before & MENTIONS) !== 0;
    const isMentioned = (after & MENTIONS) !== 0;
    if (wasMentioned === isMentioned || !reachable.has(userId)) continue;
    const wishes = wishesOf(services, userId, edit);
    if (wasMentioned) {
      if (channelPushes(wishes) || !isPushActive(sql, userId, edit.messageId)) continue;
      takeDownPushes(sql, userId, [edit.messageId]);
      owed = true;
      continue;
    }
    // Notified of the message anyway, through the channel or a followed topic.
    const anyway = pushTrigger(after & ~MENTIONS, false, wishes) !== null;
    if (userId === edit.editorId || anyway || (after & Flag.read) !== 0) continue;
    if (isMuted(sql, userId, edit.senderId) || !wantsPushNow(services, userId, wishes.settings)) {
      continue;
    }
    const trigger = pushTrigger(after, false, wishes);
    if (!trigger) continue;
    owePushes(sql, edit.messageId, [{ userId, trigger, mentionedGroupId: null }]);
    owed = true;
  }
  return owed;
}
