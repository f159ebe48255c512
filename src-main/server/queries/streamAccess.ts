import { mayInChannel } from '../actions/channelGroupSettings';
import { errors } from '../errors';
import type { Sql } from '../store/sql';
import {
  streamById,
  streamByName,
  type ChannelGroupSettingColumn,
  type StreamRow,
} from '../store/streams';
import { isSubscribed } from '../store/subscriptions';
import { allUsers, Role, type UserRow } from '../store/users';

// Zulip 10's stream_permission_group_settings_granting_metadata_access, and
// the two of them that also open a private channel's content (feature
// levels 349, 354 and 357). None may be given to guests, so a guest gains
// nothing through them, whatever group names them.
export const metadataGrants = [
  'can_administer_channel_group',
  'can_add_subscribers_group',
  'can_subscribe_group',
] as const satisfies readonly ChannelGroupSettingColumn[];
const contentGrants = [
  'can_add_subscribers_group',
  'can_subscribe_group',
] as const satisfies readonly ChannelGroupSettingColumn[];

const grantedBy = (
  sql: Sql,
  user: UserRow,
  stream: StreamRow,
  settings: readonly ChannelGroupSettingColumn[],
): boolean =>
  user.role !== Role.guest && settings.some((name) => mayInChannel(sql, user, stream, name));

/**
 * Zulip's is_user_in_groups_granting_content_access: the channel's
 * can_subscribe_group or can_add_subscribers_group names the user.
 */
export const grantsContentAccess = (sql: Sql, user: UserRow, stream: StreamRow): boolean =>
  grantedBy(sql, user, stream, contentGrants);

/**
 * Zulip's user_has_content_access, behind access_stream_*: a public channel
 * is open to every member but guests, a private one to its subscribers and
 * to those its content-granting settings name.
 */
export function canAccessStream(sql: Sql, user: UserRow, stream: StreamRow): boolean {
  if (stream.invite_only === 0 && user.role !== Role.guest) return true;
  if (isSubscribed(sql, user.id, stream.recipient_id)) return true;
  return grantsContentAccess(sql, user, stream);
}

/**
 * Whether the user sees the channel without being subscribed to it (Zulip's
 * has_metadata_access_to_previously_subscribed_stream): a public one unless
 * a guest; a private one as an organization administrator or as one its
 * administering, adding or subscribing settings name.
 */
export function seesUnsubscribed(sql: Sql, user: UserRow, stream: StreamRow): boolean {
  if (user.role === Role.guest) return false;
  if (stream.invite_only === 0 || user.role <= Role.admin) return true;
  return grantedBy(sql, user, stream, metadataGrants);
}

/**
 * Zulip's user_has_metadata_access: who has the channel in their state and
 * hears of its changes, its subscribers first.
 */
export const hasMetadataAccess = (sql: Sql, user: UserRow, stream: StreamRow): boolean =>
  seesUnsubscribed(sql, user, stream) || isSubscribed(sql, user.id, stream.recipient_id);

/**
 * Everyone active who has the channel in their state (Zulip's
 * can_access_stream_metadata_user_ids); with `among`, only those in it.
 */
export function metadataAudience(
  sql: Sql,
  stream: StreamRow,
  among?: ReadonlySet<number>,
): number[] {
  return allUsers(sql)
    .filter(
      (person) =>
        (among === undefined || among.has(person.id)) &&
        person.is_active === 1 &&
        hasMetadataAccess(sql, person, stream),
    )
    .map((person) => person.id);
}

type Access = 'content' | 'metadata';

// Zulip's access_stream_by_id and access_stream_by_name require an active
// channel (unless told require_active_channel=False), and content access
// unless told otherwise: anything else is refused as a missing channel.
const reachable = (
  sql: Sql,
  user: UserRow,
  stream: StreamRow | undefined,
  access: Access,
  archivedToo = false,
): stream is StreamRow =>
  stream !== undefined &&
  (archivedToo || stream.deactivated === 0) &&
  (access === 'content' ? canAccessStream : hasMetadataAccess)(sql, user, stream);

/**
 * accessStreamById for the reads Zulip 12 (feature level 480) allows of
 * archived channels too: their details, subscribers and topics.
 */
export function accessStreamByIdArchivedToo(
  sql: Sql,
  user: UserRow,
  streamId: number,
  access: Access,
): StreamRow {
  const stream = streamById(sql, streamId);
  if (!reachable(sql, user, stream, access, true)) throw errors.badRequest('Invalid channel ID');
  return stream;
}

export function accessStreamById(
  sql: Sql,
  user: UserRow,
  streamId: number,
  access: Access = 'content',
): StreamRow {
  const stream = streamById(sql, streamId);
  if (!reachable(sql, user, stream, access)) throw errors.badRequest('Invalid channel ID');
  return stream;
}

export function accessStreamByName(sql: Sql, user: UserRow, name: string): StreamRow {
  const stream = streamByName(sql, name.trim());
  if (!reachable(sql, user, stream, 'content')) {
    throw errors.badRequest(`Invalid channel name '${name}'`);
  }
  return stream;
}
