import type { Sql } from '../store/sql';
import type { StreamRow } from '../store/streams';
import { subscriberIds } from '../store/subscriptions';
import { allUsers, type UserRow } from '../store/users';
import { seesUnsubscribed } from './streamAccess';

/**
 * Zulip's validate_user_access_to_subscribers_helper: a guest sees the
 * subscribers of the streams they are in; anyone else those of the
 * streams they are in, and of those they see without being in them.
 */
export function canSeeSubscribers(
  sql: Sql,
  viewer: UserRow,
  stream: StreamRow,
  subscribed: boolean,
): boolean {
  return subscribed || seesUnsubscribed(sql, viewer, stream);
}

/** The active users told of a stream's subscriber changes: those who can see its subscribers. */
export function subscriberWatchers(sql: Sql, stream: StreamRow): number[] {
  const subscribers = new Set(subscriberIds(sql, stream.recipient_id));
  return allUsers(sql)
    .filter((user) => user.is_active === 1)
    .filter((user) => canSeeSubscribers(sql, user, stream, subscribers.has(user.id)))
    .map((user) => user.id);
}
