import type { GroupSettingValue } from '../../permissions/groupSettings';
import type { Stream, Subscription } from '../../wire';
import { channelActivity } from '../queries/channelActivity';
import { groupSettingForApi } from '../queries/systemGroups';
import type { Sql } from '../store/sql';
import { postPolicyOfSendGroup, StreamPostPolicy } from '../../permissions/rolePolicies';
import { channelGroupSettingColumns, defaultStreams, type StreamRow } from '../store/streams';
import { activeSubscriberCount, type StreamSubscriptionRow } from '../store/subscriptions';
import type { NotificationSettings } from '../store/userSettings';

export function toWireStream(sql: Sql, row: StreamRow): Stream {
  const settings = Object.fromEntries(
    channelGroupSettingColumns.map((name) => [
      name,
      groupSettingForApi(sql, JSON.parse(row[name]) as GroupSettingValue),
    ]),
  ) as Pick<Stream, (typeof channelGroupSettingColumns)[number]>;
  const postPolicy = postPolicyOfSendGroup(JSON.parse(row.can_send_message_group));
  return {
    stream_id: row.id,
    name: row.name,
    description: row.description,
    rendered_description: row.rendered_description,
    invite_only: row.invite_only === 1,
    is_web_public: false,
    history_public_to_subscribers: row.history_public_to_subscribers === 1,
    // What Zulip 7.0's clients read of can_send_message_group: only administrators post.
    is_announcement_only: postPolicy === StreamPostPolicy.admins,
    stream_post_policy: postPolicy,
    date_created: row.date_created,
    creator_id: row.creator_id,
    folder_id: row.folder_id ?? null,
    // Zulip 10 (feature level 315); only clients that take archived channels ever see true.
    is_archived: row.deactivated === 1,
    topics_policy: row.topics_policy,
    ...channelActivity(sql, row),
    // Zulip 11 (feature level 394). Counted as the subscriber lists are, which
    // keep deactivated people while no event takes them out (feature level 377).
    subscriber_count: activeSubscriberCount(sql, row.recipient_id),
    ...settings,
    // Hearth keeps every message; null defers to the organization's -1 (forever).
    message_retention_days: null,
  };
}

/**
 * register's realm_default_streams and the default_streams event's list: the
 * channels' IDs (Zulip 10, feature level 330).
 */
export function defaultStreamIds(sql: Sql): number[] {
  return defaultStreams(sql).map((row) => row.id);
}

const nullableBoolean = (value: number | null) => (value === null ? null : value === 1);

export function toWireSubscription(
  sql: Sql,
  row: StreamSubscriptionRow,
  subscribers?: number[],
): Subscription {
  return {
    ...toWireStream(sql, row),
    color: row.color,
    is_muted: row.is_muted === 1,
    // Zulip still sends the legacy inverse of is_muted for older clients.
    in_home_view: row.is_muted !== 1,
    pin_to_top: row.pin_to_top === 1,
    desktop_notifications: nullableBoolean(row.desktop_notifications),
    audible_notifications: nullableBoolean(row.audible_notifications),
    push_notifications: nullableBoolean(row.push_notifications),
    email_notifications: nullableBoolean(row.email_notifications),
    wildcard_mentions_notify: nullableBoolean(row.wildcard_mentions_notify),
    email_address: '',
    // Hearth keeps no traffic statistics; Zulip sends null until a stream has a week of them.
    stream_weekly_traffic: null,
    ...(subscribers ? { subscribers } : {}),
  };
}

// The user's global setting that a subscription's unset (null) flag inherits.
const inheritedFrom = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
} as const satisfies Partial<Record<keyof Subscription, keyof NotificationSettings>>;

/**
 * A subscription as GET /users/me/subscriptions lists it: the spec gives its
 * notification flags as booleans and its subscribers as emails, where Zulip 7.0
 * (and Hearth's register state) send null-means-inherit and user IDs.
 */
export function toListedSubscription(
  sql: Sql,
  row: StreamSubscriptionRow,
  settings: Pick<NotificationSettings, (typeof inheritedFrom)[keyof typeof inheritedFrom]>,
  subscriberEmails?: string[],
): Subscription {
  const subscription = toWireSubscription(sql, row);
  for (const [flag, setting] of Object.entries(inheritedFrom) as [
    keyof typeof inheritedFrom,
    keyof typeof settings,
  ][]) {
    subscription[flag] ??= settings[setting];
  }
  return subscriberEmails ? { ...subscription, subscribers: subscriberEmails } : subscription;
}
