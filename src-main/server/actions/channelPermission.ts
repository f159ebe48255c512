import { errors } from '../errors';
import { canAccessStream } from '../queries/streamAccess';
import type { RealmGroupSettingColumn } from '../store/realm';
import type { Sql } from '../store/sql';
import type { ChannelGroupSettingColumn, StreamRow } from '../store/streams';
import { Role, type UserRow } from '../store/users';
import { mayInChannel } from './channelGroupSettings';
import { mayInRealm } from './groupPermission';

// Who may do what in a channel, where the organization's settings and the
// channel's own both have a say.

/**
 * Whether the user administers the channel: its can_administer_channel_group,
 * or the organization's administrators, who administer every channel.
 */
export const administersChannel = (sql: Sql, user: UserRow, stream: StreamRow): boolean =>
  user.role <= Role.admin || mayInChannel(sql, user, stream, 'can_administer_channel_group');

/**
 * Zulip's get_streams_to_which_user_cannot_add_subscribers, for one channel
 * the user can reach: the organization's can_add_subscribers_group covers
 * every channel; an administrator of the organization or of the channel, or
 * the channel's own can_add_subscribers_group, covers this one. Guests never
 * add others.
 */
export function mayAddSubscribers(sql: Sql, user: UserRow, stream: StreamRow): boolean {
  if (mayInRealm(sql, user, 'can_add_subscribers_group')) return true;
  if (user.role === Role.guest) return false;
  return (
    administersChannel(sql, user, stream) ||
    mayInChannel(sql, user, stream, 'can_add_subscribers_group')
  );
}

/**
 * Zulip's bulk_can_remove_subscribers_from_streams, for one channel: the
 * organization's administrators and the channel's, or whoever can reach it
 * and holds its can_remove_subscribers_group. Guests never remove others.
 */
export function mayRemoveSubscribers(sql: Sql, user: UserRow, stream: StreamRow): boolean {
  if (user.role === Role.guest) return false;
  if (administersChannel(sql, user, stream)) return true;
  return (
    canAccessStream(sql, user, stream) &&
    mayInChannel(sql, user, stream, 'can_remove_subscribers_group')
  );
}

// The actions an organization-wide grant or the channel's own allows, and
// whether the channel's administrators may do them by being its administrators
// (Zulip's can_move_messages_within_channel and can_move_messages_out_of_channel).
const channelGrants = {
  renameTopics: {
    realm: 'can_move_messages_between_topics_group',
    channel: 'can_move_messages_within_channel_group',
    administrators: true,
  },
  moveOut: {
    realm: 'can_move_messages_between_channels_group',
    channel: 'can_move_messages_out_of_channel_group',
    administrators: true,
  },
  resolveTopics: {
    realm: 'can_resolve_topics_group',
    channel: 'can_resolve_topics_group',
    administrators: false,
  },
  deleteAny: {
    realm: 'can_delete_any_message_group',
    channel: 'can_delete_any_message_group',
    administrators: false,
  },
  deleteOwn: {
    realm: 'can_delete_own_message_group',
    channel: 'can_delete_own_message_group',
    administrators: false,
  },
} as const satisfies Record<
  string,
  { realm: RealmGroupSettingColumn; channel: ChannelGroupSettingColumn; administrators: boolean }
>;

export type ChannelGrant = keyof typeof channelGrants;

/** Whether the organization, or the channel (null for a direct message), lets the user do `action`. */
export function mayInRealmOrChannel(
  sql: Sql,
  user: UserRow,
  stream: StreamRow | null,
  action: ChannelGrant,
): boolean {
  const grant = channelGrants[action];
  if (mayInRealm(sql, user, grant.realm)) return true;
  if (stream === null) return false;
  if (grant.administrators && administersChannel(sql, user, stream)) return true;
  return mayInChannel(sql, user, stream, grant.channel);
}

/**
 * Zulip's refusal of a web-public channel where they are off: a Hearth host
 * serves no spectators (server_web_public_streams_enabled is false), so
 * can_create_web_public_channel_group is kept but never lets anyone make one.
 */
export const webPublicChannelsRefused = () =>
  errors.badRequest('Web-public channels are not enabled.');

// The channel settings Zulip 11 (feature level 407) leaves to the
// organization's administrators and its can_set_delete_message_policy_group.
const deletionSettings: ReadonlySet<ChannelGroupSettingColumn> = new Set([
  'can_delete_any_message_group',
  'can_delete_own_message_group',
]);

/** Zulip's can_set_delete_message_policy: administrators, and whom the setting names. */
export const maySetChannelDeletion = (sql: Sql, user: UserRow): boolean =>
  user.role <= Role.admin || mayInRealm(sql, user, 'can_set_delete_message_policy_group');

/** Refuses whoever may not set a channel's setting `name`: its deletion settings ask. */
export function checkChannelSettingSetter(
  sql: Sql,
  user: UserRow,
  name: ChannelGroupSettingColumn,
): void {
  if (!deletionSettings.has(name) || maySetChannelDeletion(sql, user)) return;
  throw errors.badRequest('Insufficient permission');
}
