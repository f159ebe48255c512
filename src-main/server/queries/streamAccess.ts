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

export function accessStreamById(sql: Sql, user: UserRow, streamId: number): StreamRow {
  const stream = streamById(sql, streamId);
  if (!stream || !canAccessStream(sql, user, stream)) throw errors.badRequest('Invalid stream ID');
  return stream;
}

export function accessStreamByName(sql: Sql, user: UserRow, name: string): StreamRow {
  const stream = streamByName(sql, name.trim());
  if (!stream || !canAccessStream(sql, user, stream)) {
    throw errors.badRequest(`Invalid stream name '${name}'`);
  }
  return stream;
}
