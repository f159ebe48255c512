import { z } from 'zod';
import { channelLink, postAsNotificationBot, silentMention } from './botMessages';
import { canSeeChannel } from './channelAccess';
import { channelFor, propsOf } from './channelObject';
import type { Context } from './context';
import {
  channelGroupSettingNames,
  checkNewChannel,
  createChannel,
  pickColor,
  type NewChannel,
} from './createChannel';
import { badRequest, insufficientPermission, mustBeOwner, notForGuests } from './errors';
import { holdsPermission, realmSetting } from './groups';
import { subscriptionKey, type Org, type Stream } from './org';
import { bool, groupSettingValue, int, json, parseParams, type RawParams } from './params';
import { principalsSchema, usersOfPrincipals } from './principals';
import { announceSubscriptions } from './subscriptionEvents';

const subscribeSchema = z.object({
  subscriptions: json(z.array(z.object({ name: z.string(), description: z.string().optional() }))),
  principals: principalsSchema.optional(),
  authorization_errors_fatal: bool.default(true),
  announce: bool.default(false),
  invite_only: bool.default(false),
  is_web_public: bool.default(false),
  is_default_stream: bool.default(false),
  history_public_to_subscribers: bool.optional(),
  message_retention_days: json(z.union([z.string(), z.number().int()])).optional(),
  topics_policy: json(
    z.enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']),
  ).optional(),
  folder_id: int.optional(),
  send_new_subscription_messages: bool.optional(),
  ...Object.fromEntries(
    channelGroupSettingNames.map((name) => [name, json(groupSettingValue).optional()]),
  ),
});

// Zulip sends no subscription direct messages past max_bulk_new_subscription_messages.
const maxBulkNewSubscriptionMessages = 100;

/** Whether the user may subscribe themselves: any public channel but for guests; a private one by its settings. */
function maySubscribeSelf(org: Org, userId: number, stream: Stream): boolean {
  if (org.isSubscribed(userId, stream)) return true;
  if (!stream.invite_only && !org.user(userId)?.is_guest) return true;
  return (
    org.isAdmin(userId) ||
    holdsPermission(org, userId, stream.can_administer_channel_group) ||
    holdsPermission(org, userId, stream.can_add_subscribers_group) ||
    holdsPermission(org, userId, stream.can_subscribe_group)
  );
}

/** Whether the user may subscribe others: the channel's administrators and add-subscribers groups, or the realm's for public channels. */
function mayAddSubscribers(org: Org, userId: number, stream: Stream): boolean {
  if (org.isAdmin(userId) || holdsPermission(org, userId, stream.can_administer_channel_group)) {
    return true;
  }
  if (holdsPermission(org, userId, stream.can_add_subscribers_group)) return true;
  return (
    !stream.invite_only &&
    holdsPermission(org, userId, realmSetting(org, 'can_add_subscribers_group'))
  );
}

type SubscribeParams = z.infer<typeof subscribeSchema>;

function newChannelOf(params: SubscribeParams, name: string, description: string): NewChannel {
  const settings = Object.fromEntries(
    channelGroupSettingNames.flatMap((setting) => {
      const value = (params as Record<string, unknown>)[setting];
      return value === undefined ? [] : [[setting, value]];
    }),
  );
  return {
    name,
    description,
    inviteOnly: params.invite_only,
    historyPublicToSubscribers: params.history_public_to_subscribers,
    topicsPolicy: params.topics_policy,
    folderId: params.folder_id,
    settings,
  };
}

/** Refuses creating the channels as Zulip's list_to_streams does, before anything changes. */
function checkMayCreate(context: Context, userId: number, params: SubscribeParams): void {
  const { org } = context;
  const setting = params.invite_only
    ? 'can_create_private_channel_group'
    : 'can_create_public_channel_group';
  if (!holdsPermission(org, userId, realmSetting(org, setting))) throw insufficientPermission();
  if (params.is_default_stream && !org.isAdmin(userId)) throw insufficientPermission();
  if (params.is_default_stream && params.invite_only) {
    throw badRequest('A default channel cannot be private.');
  }
  if (params.is_web_public && org.realm.realm_enable_spectator_access !== true) {
    throw badRequest('Web-public channels are not enabled.');
  }
  if (params.message_retention_days !== undefined && org.user(userId)?.role !== 100) {
    throw mustBeOwner();
  }
}

const seeing = (org: Org, stream: Stream) =>
  org.allUserIds().filter((id) => canSeeChannel(org, id, stream));

/**
 * Subscribes each user to each channel they are not subscribed to, in a
 * color of the palette they do not use yet; says who was and who already was.
 */
function addSubscriptions(org: Org, streams: readonly Stream[], userIds: readonly number[]) {
  const subscribed: Record<string, string[]> = {};
  const alreadySubscribed: Record<string, string[]> = {};
  const added = new Map<number, number[]>();
  for (const stream of streams) {
    for (const userId of userIds) {
      const key = String(userId);
      if (org.isSubscribed(userId, stream)) {
        alreadySubscribed[key] = [...(alreadySubscribed[key] ?? []), stream.name];
        continue;
      }
      const used = new Set(
        [...org.streams.values()]
          .filter((each) => org.isSubscribed(userId, each))
          .map((each) => propsOf(org, userId, each).color),
      );
      stream.subscribers.push(userId);
      org.subscriptionProps.set(subscriptionKey(userId, stream.stream_id), {
        ...propsOf(org, userId, stream),
        color: pickColor(used),
      });
      subscribed[key] = [...(subscribed[key] ?? []), stream.name];
      added.set(stream.stream_id, [...(added.get(stream.stream_id) ?? []), userId]);
    }
  }
  return { subscribed, alreadySubscribed, added };
}

/**
 * POST /users/me/subscriptions: subscribes the requester (or the principals)
 * to channels by name, creating those that do not exist, as Zulip does.
 */
export function subscribe(context: Context, actorId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(subscribeSchema, raw);
  const wanted = params.subscriptions.map((each) => ({
    name: each.name.trim(),
    description: each.description ?? '',
  }));
  const subscribers = params.principals ? usersOfPrincipals(org, params.principals) : [actorId];
  const othersToo = subscribers.some((id) => id !== actorId);
  if (othersToo && org.user(actorId)?.is_guest) throw notForGuests();

  const existing: Stream[] = [];
  const missing: NewChannel[] = [];
  for (const { name, description } of wanted) {
    const found = org.streamByName(name);
    if (found) {
      if (!existing.includes(found)) existing.push(found);
    } else if (!missing.some((each) => each.name.toLowerCase() === name.toLowerCase())) {
      missing.push(newChannelOf(params, name, description));
    }
  }
  for (const channel of missing) checkNewChannel(org, channel);
  if (missing.length > 0) checkMayCreate(context, actorId, params);

  const unauthorized = existing.filter((stream) => !maySubscribeSelf(org, actorId, stream));
  if (unauthorized.length > 0 && params.authorization_errors_fatal) {
    throw badRequest(`Unable to access channel (${unauthorized[0]?.name ?? ''}).`);
  }
  const authorized = existing.filter((stream) => !unauthorized.includes(stream));
  if (othersToo && authorized.some((stream) => !mayAddSubscribers(org, actorId, stream))) {
    throw insufficientPermission();
  }

  const created = missing.map((channel) => createChannel(org, actorId, channel, context.now()));
  if (params.is_default_stream) {
    for (const stream of created) org.defaultStreams.add(stream.stream_id);
  }
  // Everyone who sees a new channel hears of it, as it was created; of an
  // existing one, those who did not see it before.
  const before = new Map<number, { saw: Set<number>; channel?: object }>([
    ...authorized.map(
      (stream) => [stream.stream_id, { saw: new Set(seeing(org, stream)) }] as const,
    ),
    ...created.map(
      (stream) =>
        [stream.stream_id, { saw: new Set<number>(), channel: channelFor(stream) }] as const,
    ),
  ]);
  const { subscribed, alreadySubscribed, added } = addSubscriptions(
    org,
    [...authorized, ...created],
    subscribers,
  );
  const newlySeeing = new Map(
    [...before].map(([streamId, { saw, channel }]) => {
      const stream = org.streams.get(streamId);
      const userIds = stream ? seeing(org, stream).filter((id) => !saw.has(id)) : [];
      return [streamId, channel ? { userIds, channel } : { userIds }];
    }),
  );
  announceSubscriptions(context, added, newlySeeing);

  announceNewChannels(context, actorId, created, params.announce);
  const sendMessages = params.send_new_subscription_messages ?? true;
  const messagesSent = sendMessages && sendSubscriptionMessages(context, actorId, added, created);
  return {
    subscribed,
    already_subscribed: alreadySubscribed,
    ...(params.authorization_errors_fatal ? {} : { unauthorized: unauthorized.map((s) => s.name) }),
    ...(params.send_new_subscription_messages === true
      ? { new_subscription_messages_sent: messagesSent }
      : {}),
  };
}

/** With `announce`, Notification Bot names the new public channels in the organization's announcements channel. */
function announceNewChannels(
  context: Context,
  actorId: number,
  created: readonly Stream[],
  announce: boolean,
): void {
  const { org } = context;
  const target = Number(org.realm.realm_new_stream_announcements_stream_id);
  const announced = created.filter((stream) => !stream.invite_only);
  if (!announce || announced.length === 0 || !org.streams.has(target)) return;
  const links = announced.map((stream) => channelLink(stream.name)).join(', ');
  postAsNotificationBot(
    context,
    { streamId: target, topic: 'new channels' },
    `${silentMention(org, actorId)} created ${announced.length === 1 ? 'a new channel' : 'new channels'} ${links}.`,
  );
}

/**
 * Notification Bot tells each other person subscribed to existing channels
 * who subscribed them, unless there are more than Zulip's bulk limit.
 */
function sendSubscriptionMessages(
  context: Context,
  actorId: number,
  added: ReadonlyMap<number, readonly number[]>,
  created: readonly Stream[],
): boolean {
  const { org } = context;
  const byUser = new Map<number, string[]>();
  for (const [streamId, userIds] of added) {
    const stream = org.streams.get(streamId);
    if (!stream || created.includes(stream)) continue;
    for (const userId of userIds) {
      if (userId === actorId || org.user(userId)?.is_bot) continue;
      byUser.set(userId, [...(byUser.get(userId) ?? []), stream.name]);
    }
  }
  if (byUser.size > maxBulkNewSubscriptionMessages) return false;
  for (const [userId, names] of byUser) {
    const links = names.map(channelLink);
    const content =
      links.length === 1
        ? `${silentMention(org, actorId)} subscribed you to the channel ${links[0] ?? ''}.`
        : `${silentMention(org, actorId)} subscribed you to these channels:\n\n${links.map((link) => `* ${link}`).join('\n')}`;
    postAsNotificationBot(context, { userId }, content);
  }
  return true;
}
