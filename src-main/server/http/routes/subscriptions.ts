import { z } from 'zod';
import { subscribe } from '../../actions/subscribe';
import { unsubscribe } from '../../actions/unsubscribe';
import { errors } from '../../errors';
import type { Services } from '../../services';
import { toWireSubscription } from '../../shape/streams';
import { streamSubscriptionsOfUser, subscriberIds } from '../../store/subscriptions';
import { Role, userByEmail, userById, type UserRow } from '../../store/users';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const principalsSchema = z.array(z.union([z.string(), z.number().int()]));

// Zulip takes principals as emails or (newer clients) user IDs; none means "me".
function principalUsers(
  services: Services,
  actor: UserRow,
  principals: readonly (string | number)[],
): UserRow[] {
  if (principals.length === 0) return [actor];
  return principals.map((principal) => {
    const user =
      typeof principal === 'number'
        ? userById(services.sql, principal)
        : userByEmail(services.sql, principal.trim());
    if (!user || user.is_active !== 1) {
      throw errors.badRequest(`No such user: ${String(principal)}`);
    }
    return user;
  });
}

export const getSubscriptions = userEndpoint({
  method: 'GET',
  path: '/users/me/subscriptions',
  params: { include_subscribers: optional('json', z.boolean(), false) },
  handle: ({ services, params, user }) => ({
    subscriptions: streamSubscriptionsOfUser(services.sql, user.id).map((row) =>
      toWireSubscription(
        row,
        params.include_subscribers ? subscriberIds(services.sql, row.recipient_id) : undefined,
      ),
    ),
  }),
});

export const addSubscriptions = userEndpoint({
  method: 'POST',
  path: '/users/me/subscriptions',
  params: {
    subscriptions: required(
      'json',
      z.array(z.object({ name: z.string(), description: z.string().optional() })),
    ),
    principals: optional('json', principalsSchema, []),
    invite_only: optional('json', z.boolean(), false),
    authorization_errors_fatal: optional('json', z.boolean(), true),
    announce: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => {
    const result = subscribe(services, user, {
      streams: params.subscriptions,
      users: principalUsers(services, user, params.principals),
      inviteOnly: params.invite_only,
    });
    return { subscribed: result.subscribed, already_subscribed: result.alreadySubscribed };
  },
});

export const removeSubscriptions = userEndpoint({
  method: 'DELETE',
  path: '/users/me/subscriptions',
  params: {
    subscriptions: required('json', z.array(z.string())),
    principals: optional('json', principalsSchema, []),
  },
  handle: ({ services, params, user }) => {
    const users = principalUsers(services, user, params.principals);
    if (users.some((other) => other.id !== user.id) && user.role > Role.admin) {
      throw errors.badRequest('Insufficient permission');
    }
    const result = unsubscribe(services, params.subscriptions, users);
    return { removed: result.removed, not_removed: result.notRemoved };
  },
});
