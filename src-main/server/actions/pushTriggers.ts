import type { Services } from '../services';
import { Flag } from '../store/flags';
import { followedTopicSettingsOf } from '../store/followedTopicSettings';
import { isMuted } from '../store/mutedUsers';
import { presenceOf } from '../store/presence';
import { usersWithPushTokens } from '../store/pushDevices';
import { owePushes } from '../store/pushNotifications';
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
  const channelMuted = subscription?.is_muted === 1 && visibility !== VisibilityPolicy.unmuted;
  const heard = visibility !== VisibilityPolicy.muted && !channelMuted;
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
  const channelPush =
    subscription?.push_notifications ?? Number(settings.enable_stream_push_notifications);
  return heard && channelPush === 1 ? 'stream_push_notify' : null;
}

/**
 * Notes in the send's transaction the notifications it owes, for the
 * service's courier to send once it commits. Only users with a phone the
 * service reaches are considered, so a send to people without one costs a
 * set lookup each.
 */
export function owePushesForSend(services: Services, sent: SentForPush): boolean {
  const { sql, queues } = services;
  const reachable = usersWithPushTokens(sql);
  if (reachable.size === 0) return false;
  const nowSeconds = Math.floor(services.clock.now() / 1000);
  const pushes: { userId: number; trigger: string }[] = [];
  for (const userId of sent.readers) {
    if (userId === sent.senderId || !reachable.has(userId)) continue;
    const flags = sent.flags.get(userId) ?? 0;
    // Read on arrival: the user muted the sender (Zulip's sender_is_muted).
    if ((flags & Flag.read) !== 0 || isMuted(sql, userId, sent.senderId)) continue;
    const settings = notificationSettingsOf(sql, userId);
    const lastActive = presenceOf(sql, userId)?.last_active_time ?? 0;
    const away =
      !queues.acceptsMessages(userId) || lastActive < nowSeconds - OFFLINE_THRESHOLD_SECS;
    if (!away && !settings.enable_online_push_notifications) continue;
    const { stream } = sent;
    const trigger = pushTrigger(flags, stream === null, {
      settings,
      followed: followedTopicSettingsOf(sql, userId),
      subscription: stream ? subscriptionSettingsOf(sql, userId, sent.recipientId) : undefined,
      visibility: stream
        ? topicVisibility(sql, userId, stream.id, sent.topic)
        : VisibilityPolicy.inherit,
    });
    if (trigger) pushes.push({ userId, trigger });
  }
  owePushes(sql, sent.messageId, pushes);
  return pushes.length > 0;
}
