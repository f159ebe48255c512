import { postPolicyOfSendGroup } from '../../permissions/rolePolicies';
import { RecipientType } from '../store/recipients';
import { channelGroupSettingColumns, type StreamRow } from '../store/streams';
import type { SubscriptionSettingsRow } from '../store/subscriptions';
import type { ExportScope } from './exportScope';
import type { ExportSource } from './exportSource';
import type { ExportedGroups } from './userGroupRows';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

type StreamRecord = Omit<StreamRow, 'recipient_id'>;

/** Zulip's StreamTopicsPolicyEnum, which stores the names Hearth keeps as numbers. */
export const topicsPolicyNumber: Record<string, number> = {
  inherit: 1,
  allow_empty_topic: 2,
  disable_empty_topic: 3,
  empty_topic_only: 4,
};

export function streams(
  source: ExportSource,
  realmId: number,
  traits: TargetTraits,
  groups: ExportedGroups | null,
): ZerverRow[] {
  return source.all<StreamRecord>('SELECT * FROM streams ORDER BY id').map((stream) => ({
    id: stream.id,
    realm: realmId,
    name: stream.name,
    // The importer renders it into rendered_description.
    description: stream.description,
    date_created: stream.date_created,
    invite_only: stream.invite_only === 1,
    history_public_to_subscribers: stream.history_public_to_subscribers === 1,
    is_web_public: false,
    // An archived channel goes as Zulip keeps one: deactivated, under the name it had.
    deactivated: stream.deactivated === 1,
    message_retention_days: null,
    // The importer sets it once the people are in (Zulip 12's channel creator, feature level 254).
    creator: stream.creator_id,
    // A folder only where zerver_channelfolder goes with it, by which the importer renumbers it.
    ...(traits.streamFolder
      ? { folder: traits.foldersAndSnippets ? (stream.folder_id ?? null) : null }
      : {}),
    ...(traits.topicsPolicy
      ? { topics_policy: topicsPolicyNumber[stream.topics_policy] ?? 1 }
      : {}),
    ...(groups ? groups.settingsOf(stream, channelGroupSettingColumns) : {}),
    ...(traits.streamPostPolicy
      ? { stream_post_policy: postPolicyOfSendGroup(JSON.parse(stream.can_send_message_group)) }
      : {}),
  }));
}

export interface Huddle {
  id: number;
  memberIds: number[];
}

export function huddlesOf(source: ExportSource): Huddle[] {
  return source
    .all<{ id: number; user_ids_key: string }>('SELECT id, user_ids_key FROM huddles ORDER BY id')
    .map((huddle) => ({ id: huddle.id, memberIds: huddle.user_ids_key.split(',').map(Number) }));
}

/** Zulip computes huddle_hash itself, from the huddle's subscriptions. */
export function huddleRows(huddles: readonly Huddle[], traits: TargetTraits): ZerverRow[] {
  return huddles.map((huddle) => ({
    id: huddle.id,
    ...(traits.groupSize ? { group_size: huddle.memberIds.length } : {}),
  }));
}

export function recipients(source: ExportSource): ZerverRow[] {
  return source.all<ZerverRow>('SELECT id, type, type_id FROM recipients ORDER BY id');
}

interface SubscriptionRecord extends SubscriptionSettingsRow {
  user_id: number;
  recipient_id: number;
  is_active: number;
}

const optionalFlag = (value: number | null) => (value === null ? null : value === 1);
// Zulip's Subscription.color default: Hearth gives no colour to users' own and huddles' subscriptions.
const neutralColor = '#c2c2c2';
const zulipColor = /^#[0-9a-f]{6}$/i;

const defaultSubscriptionSettings: SubscriptionSettingsRow = {
  color: neutralColor,
  is_muted: 0,
  pin_to_top: 0,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
};

/**
 * Streams', users' own and huddles' subscriptions alike: Zulip's importer
 * learns a huddle's members from the huddle's. How someone keeps a channel
 * (colour, muting, notifications) is their private data.
 */
export function subscriptions(source: ExportSource, scope: ExportScope): ZerverRow[] {
  return source
    .all<SubscriptionRecord>('SELECT * FROM subscriptions ORDER BY recipient_id, user_id')
    .map((row) =>
      scope.holdsPrivateDataOf(row.user_id) ? row : { ...row, ...defaultSubscriptionSettings },
    )
    .map((subscription, index) => ({
      id: index + 1,
      user_profile: subscription.user_id,
      recipient: subscription.recipient_id,
      active: subscription.is_active === 1,
      is_muted: subscription.is_muted === 1,
      color: zulipColor.test(subscription.color) ? subscription.color : neutralColor,
      pin_to_top: subscription.pin_to_top === 1,
      desktop_notifications: optionalFlag(subscription.desktop_notifications),
      audible_notifications: optionalFlag(subscription.audible_notifications),
      push_notifications: optionalFlag(subscription.push_notifications),
      email_notifications: optionalFlag(subscription.email_notifications),
      wildcard_mentions_notify: optionalFlag(subscription.wildcard_mentions_notify),
    }));
}

export function defaultStreams(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ stream_id: number }>('SELECT stream_id FROM default_streams ORDER BY stream_id')
    .map((row, index) => ({ id: index + 1, realm: realmId, stream: row.stream_id }));
}

/**
 * Zulip 7.0's UserTopic: muted, unmuted and followed topics; general chat's
 * only where the release has it.
 */
export function userTopics(source: ExportSource, traits: TargetTraits): ZerverRow[] {
  return source
    .all<{
      user_id: number;
      stream_id: number;
      recipient_id: number;
      topic: string;
      visibility_policy: number;
      last_updated: number;
    }>(
      `SELECT t.*, r.id AS recipient_id FROM user_topics t
       JOIN recipients r ON r.type = ${RecipientType.stream} AND r.type_id = t.stream_id
       ORDER BY t.user_id, t.stream_id, t.topic`,
    )
    .filter((row) => traits.emptyTopicName || row.topic !== '')
    .map((row, index) => ({
      id: index + 1,
      user_profile: row.user_id,
      stream: row.stream_id,
      recipient: row.recipient_id,
      topic_name: row.topic,
      visibility_policy: row.visibility_policy,
      last_updated: row.last_updated,
    }));
}
