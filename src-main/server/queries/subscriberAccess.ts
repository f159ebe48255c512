import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { subscriberIds } from '../store/subscriptions';
import { allUsers, Role, type UserRow } from '../store/users';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/**
 * Zulip's validate_user_access_to_subscribers_helper: a guest sees the
 * subscribers of the streams they are in, an administrator of every stream,
 * anyone else of public streams and of the private ones they are in.
 */
export function canSeeSubscribers(
  viewer: Viewer,
  stream: Pick<StreamRow, 'invite_only'>,
  subscribed: boolean,
): boolean {
  if (viewer.role === Role.guest) return subscribed;
  if (viewer.role <= Role.admin) return true;
  return stream.invite_only === 0 || subscribed;
}

/** The active users told of a stream's subscriber changes: those who can see its subscribers. */
export function subscriberWatchers(sql: Sql, stream: StreamRow): number[] {
  const subscribers = new Set(subscriberIds(sql, stream.recipient_id));
  return allUsers(sql)
    .filter((user) => user.is_active === 1)
    .filter((user) => canSeeSubscribers(user, stream, subscribers.has(user.id)))
    .map((user) => user.id);
}
