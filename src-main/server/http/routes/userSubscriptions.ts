import { z } from 'zod';
import { canAccessUser } from '../../actions/userAccess';
import { errors } from '../../errors';
import { accessStreamById } from '../../queries/streamAccess';
import type { Sql } from '../../store/sql';
import { isSubscribed } from '../../store/subscriptions';
import { userById, type UserRow } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { required } from '../params';

const id = required('json', z.number().int().nonnegative());

// Zulip's access_user_by_id(for_admin=False), bots allowed since Zulip 12
// (feature level 458): an active person or bot the reader may see.
function readableUser(sql: Sql, reader: UserRow, userId: number): UserRow {
  const target = userById(sql, userId);
  if (!target) throw errors.badRequest('No such user');
  if (target.is_active !== 1) throw errors.badRequest('User is deactivated');
  if (!canAccessUser(sql, reader, target)) throw errors.badRequest('Insufficient permission');
  return target;
}

/** Zulip's get_subscription_backend: whether the user is subscribed to a channel the reader knows. */
export const getSubscriptionStatusEndpoint = userEndpoint({
  method: 'GET',
  path: '/users/:user_id/subscriptions/:stream_id',
  params: { user_id: id, stream_id: id },
  handle: ({ services: { sql }, params, user }) => {
    const target = readableUser(sql, user, params.user_id);
    const stream = accessStreamById(sql, user, params.stream_id, 'metadata');
    return { is_subscribed: isSubscribed(sql, target.id, stream.recipient_id) };
  },
});
