import { errors } from '../errors';
import type { Sql } from '../store/sql';
import { streamById, streamByName, type StreamRow } from '../store/streams';
import { isSubscribed } from '../store/subscriptions';
import { Role, type UserRow } from '../store/users';

// Zulip's access_stream_*: a public stream is open to every member but guests,
// a private one only to its subscribers; anything else reads as not existing.
export function canAccessStream(sql: Sql, user: UserRow, stream: StreamRow): boolean {
  if (stream.invite_only === 0 && user.role !== Role.guest) return true;
  return isSubscribed(sql, user.id, stream.recipient_id);
}

// Zulip's access_stream_by_id and access_stream_by_name require an active
// channel unless told otherwise: an archived one is refused as a missing one.
const reachable = (sql: Sql, user: UserRow, stream: StreamRow | undefined): stream is StreamRow =>
  stream !== undefined && stream.deactivated === 0 && canAccessStream(sql, user, stream);

export function accessStreamById(sql: Sql, user: UserRow, streamId: number): StreamRow {
  const stream = streamById(sql, streamId);
  if (!reachable(sql, user, stream)) throw errors.badRequest('Invalid stream ID');
  return stream;
}

export function accessStreamByName(sql: Sql, user: UserRow, name: string): StreamRow {
  const stream = streamByName(sql, name.trim());
  if (!reachable(sql, user, stream)) {
    throw errors.badRequest(`Invalid stream name '${name}'`);
  }
  return stream;
}
