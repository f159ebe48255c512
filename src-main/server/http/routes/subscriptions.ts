import { z } from 'zod';
import { subscribe } from '../../actions/subscribe';
import { unsubscribe } from '../../actions/unsubscribe';
import { updateSubscriptionProperties } from '../../actions/updateSubscriptionProperties';
import { ApiError } from '../../errors';
import type { Services } from '../../services';
import { toListedSubscription } from '../../shape/streams';
import { streamSubscriptionsOfUser, subscriberEmails } from '../../store/subscriptions';
import { notificationSettingsOf } from '../../store/userSettings';
import { userByEmail, userById, type UserRow } from '../../store/users';
import { clientName } from '../clientName';
import { groupSettingValue } from '../../actions/groupSettingChange';
import { channelGroupSettingColumns } from '../../store/streams';
import { userEndpoint } from '../endpoint';
import { givenGroupSettings, groupSettingParams } from '../groupSettingParams';
import { channelTopicsPolicies } from '../../actions/topicsPolicy';
import { topicsPolicyParam } from '../topicsPolicyParam';
import { optional, required } from '../params';

const principalsSchema = z.array(z.union([z.string(), z.number().int()]));

// Zulip's PrincipalError, for a principal that names nobody in the organization.
const unknownPrincipal = (principal: string | number) =>
  new ApiError(
    `User not authorized to execute queries on behalf of '${String(principal)}'`,
    'UNAUTHORIZED_PRINCIPAL',
    403,
    { principal },
  );

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
    if (!user || user.is_active !== 1) throw unknownPrincipal(principal);
    return user;
  });
}

export const getSubscriptions = userEndpoint({
  method: 'GET',
  path: '/users/me/subscriptions',
  params: { include_subscribers: optional('json', z.boolean(), false) },
  handle: ({ services: { sql }, params, user }) => {
    const settings = notificationSettingsOf(sql, user.id);
    // Zulip's gather_subscriptions lists no archived channel here.
    const active = streamSubscriptionsOfUser(sql, user.id).filter((row) => row.deactivated === 0);
    return {
      subscriptions: active.map((row) =>
        toListedSubscription(
          sql,
          row,
          settings,
          params.include_subscribers ? subscriberEmails(sql, row.recipient_id) : undefined,
        ),
      ),
    };
  },
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
    history_public_to_subscribers: optional('json', z.boolean()),
    is_web_public: optional('json', z.boolean(), false),
    is_announcement_only: optional('json', z.boolean(), false),
    stream_post_policy: optional('json', z.number().int().min(1).max(4)),
    topics_policy: topicsPolicyParam(channelTopicsPolicies),
    ...groupSettingParams(channelGroupSettingColumns, groupSettingValue),
    authorization_errors_fatal: optional('json', z.boolean(), true),
    announce: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user, userAgent }) => {
    const result = subscribe(services, user, {
      streams: params.subscriptions,
      users: principalUsers(services, user, params.principals),
      inviteOnly: params.invite_only,
      historyPublicToSubscribers: params.history_public_to_subscribers,
      // The legacy flag stands for policy 2 when no policy is given, as in Zulip.
      streamPostPolicy: params.stream_post_policy ?? (params.is_announcement_only ? 2 : undefined),
      settings: givenGroupSettings(channelGroupSettingColumns, params),
      topicsPolicy: params.topics_policy,
      webPublic: params.is_web_public,
      announce: params.announce,
      authorizationErrorsFatal: params.authorization_errors_fatal,
      clientName: clientName(userAgent),
    });
    return {
      subscribed: result.subscribed,
      already_subscribed: result.alreadySubscribed,
      ...(result.unauthorized ? { unauthorized: result.unauthorized } : {}),
    };
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
    const result = unsubscribe(services, user, params.subscriptions, users);
    return { removed: result.removed, not_removed: result.notRemoved };
  },
});

export const updateSubscriptionPropertiesEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  params: {
    subscription_data: required(
      'json',
      z.array(z.object({ stream_id: z.number().int(), property: z.string(), value: z.unknown() })),
    ),
  },
  handle: ({ services, params, user }) => ({
    subscription_data: updateSubscriptionProperties(services, user, params.subscription_data),
  }),
});
