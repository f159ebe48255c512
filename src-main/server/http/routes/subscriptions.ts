import { z } from 'zod';
import { subscribe } from '../../actions/subscribe';
import { createChannel } from '../../actions/createChannel';
import { unsubscribe } from '../../actions/unsubscribe';
import { updateSubscriptionProperties } from '../../actions/updateSubscriptionProperties';
import { toListedSubscription } from '../../shape/streams';
import { streamSubscriptionsOfUser, subscriberEmails } from '../../store/subscriptions';
import { notificationSettingsOf } from '../../store/userSettings';
import { includeSubscribersParam } from '../includeSubscribersParam';
import { principalsSchema, principalUsers } from '../principals';
import { groupSettingValue } from '../../actions/groupSettingChange';
import { channelGroupSettingColumns } from '../../store/streams';
import { userEndpoint } from '../endpoint';
import { givenGroupSettings, groupSettingParams } from '../groupSettingParams';
import { channelTopicsPolicies } from '../../actions/topicsPolicy';
import { topicsPolicyParam } from '../topicsPolicyParam';
import { optional, required } from '../params';

export const getSubscriptions = userEndpoint({
  method: 'GET',
  path: '/users/me/subscriptions',
  params: { include_subscribers: includeSubscribersParam() },
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
    send_new_subscription_messages: optional('json', z.boolean(), true),
    // Zulip 8.0 (feature level 200): the channels it creates become default ones.
    is_default_stream: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => {
    const result = subscribe(services, user, {
      streams: params.subscriptions,
      users: principalUsers(services, [user], params.principals),
      inviteOnly: params.invite_only,
      historyPublicToSubscribers: params.history_public_to_subscribers,
      // The legacy flag stands for policy 2 when no policy is given, as in Zulip.
      streamPostPolicy: params.stream_post_policy ?? (params.is_announcement_only ? 2 : undefined),
      settings: givenGroupSettings(channelGroupSettingColumns, params),
      topicsPolicy: params.topics_policy,
      isDefaultStream: params.is_default_stream,
      webPublic: params.is_web_public,
      announce: params.announce,
      sendNewSubscriptionMessages: params.send_new_subscription_messages,
      authorizationErrorsFatal: params.authorization_errors_fatal,
    });
    return {
      subscribed: result.subscribed,
      already_subscribed: result.alreadySubscribed,
      ...(result.unauthorized ? { unauthorized: result.unauthorized } : {}),
      ...(result.newSubscriptionMessagesSent === undefined
        ? {}
        : { new_subscription_messages_sent: result.newSubscriptionMessagesSent }),
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
    const users = principalUsers(services, [user], params.principals);
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

/** Zulip 11's POST /channels/create (feature level 417): one new channel, and who joins it. */
export const createChannelEndpoint = userEndpoint({
  method: 'POST',
  path: '/channels/create',
  params: {
    name: required('text', z.string()),
    description: optional('text', z.string(), ''),
    subscribers: optional('json', z.array(z.number().int()), []),
    invite_only: optional('json', z.boolean(), false),
    history_public_to_subscribers: optional('json', z.boolean()),
    topics_policy: topicsPolicyParam(channelTopicsPolicies),
    ...groupSettingParams(channelGroupSettingColumns, groupSettingValue),
    announce: optional('json', z.boolean(), false),
    is_default_stream: optional('json', z.boolean(), false),
  },
  handle: ({ services, params, user }) => ({
    id: createChannel(services, user, {
      name: params.name,
      description: params.description.trim(),
      subscribers: principalUsers(services, [], params.subscribers),
      inviteOnly: params.invite_only,
      historyPublicToSubscribers: params.history_public_to_subscribers,
      settings: givenGroupSettings(channelGroupSettingColumns, params),
      topicsPolicy: params.topics_policy,
      isDefaultStream: params.is_default_stream,
      announce: params.announce,
    }),
  }),
});
