import { announceAccessChanges } from './accessChanges';
import { guestAccessSnapshot } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import type { Services } from '../services';
import { toWireStream, toWireSubscription } from '../shape/streams';
import { insertRecipient, RecipientType } from '../store/recipients';
import { getRealm } from '../store/realm';
import {
  channelGroupSettingColumns,
  insertDefaultStream,
  insertStream,
  updateStreamRow,
  streamById,
  streamByName,
  type ChannelGroupSettingColumn,
  type StreamRow,
} from '../store/streams';
import {
  insertSubscription,
  isSubscribed,
  streamSubscriptionCount,
  streamSubscriptionsOfUser,
  subscriberIds,
} from '../store/subscriptions';
import { allUsers, type UserRow } from '../store/users';
import { isNobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { sendGroupOfPostPolicy } from '../../permissions/rolePolicies';
import {
  channelGroupSettings,
  checkTopicsOpenWhereHistoryIsProtected,
  newChannelSettings,
} from './channelGroupSettings';
import {
  checkChannelSettingSetter,
  mayAddSubscribers,
  webPublicChannelsRefused,
} from './channelPermission';
import { keepsArchived } from './archivingEvents';
import { streamColor } from './colors';
import { announceDefaultStreams, checkNewDefaultStream } from './defaultStreams';
import { checkGroupSettingValue, storedSettings } from './groupSettingChange';
import { mayInRealm } from './groupPermission';
import { stageNewSubscriptionMessages } from './subscriptionMessages';
import {
  announceAll,
  silentMention,
  stageBotChannelMessage,
  type Announcements,
} from './systemBotMessages';
import { canAccessStream, seesUnsubscribed } from '../queries/streamAccess';
import { subscriberWatchers } from '../queries/subscriberAccess';
import type { Sql } from '../store/sql';
import { checkTopicsPolicyChange, type ChannelTopicsPolicy } from './topicsPolicy';
import { checkStreamName } from './validate';
import { channelLinkSyntax } from '../markdown/topicLinkSyntax';

export interface SubscribeRequest {
  streams: readonly { name: string; description?: string | undefined }[];
  users: readonly UserRow[];
  inviteOnly: boolean;
  /** Undefined lets Zulip's default apply: public history for public streams only. */
  historyPublicToSubscribers?: boolean | undefined;
  /** Zulip 7.0's stream_post_policy for the streams it creates, read as can_send_message_group. */
  streamPostPolicy?: number | undefined;
  /** The permissions of the streams it creates, where the request sets them. */
  settings?: { [Setting in ChannelGroupSettingColumn]?: GroupSettingValue | undefined };
  /** The topics_policy of the channels it creates (Zulip 11). */
  topicsPolicy?: ChannelTopicsPolicy | undefined;
  /** Makes the channels it creates default ones (Zulip 8.0, feature level 200). */
  isDefaultStream?: boolean | undefined;
  /** Zulip's is_web_public for the channels it creates, which a Hearth host refuses. */
  webPublic?: boolean | undefined;
  /** Notification Bot posts the new streams to the organization's notifications stream. */
  announce?: boolean;
  /** Zulip 11's send_new_subscription_messages (feature level 397); Zulip's default is true. */
  sendNewSubscriptionMessages?: boolean | undefined;
  /** When false, streams the actor may not join are reported instead of failing the request. */
  authorizationErrorsFatal?: boolean;
}

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  alreadySubscribed: Record<string, string[]>;
  unauthorized?: string[];
  /** Whether Notification Bot told the people added, where the request asked it to. */
  newSubscriptionMessagesSent?: boolean;
}

export interface Added {
  user: UserRow;
  streams: StreamRow[];
}

interface AddedRows {
  subscribed: Record<string, string[]>;
  alreadySubscribed: Record<string, string[]>;
  added: Added[];
}

/** Inside the caller's transaction: subscribes each user to each stream they are not in yet. */
export function addSubscriptionRows(
  sql: Sql,
  users: readonly UserRow[],
  streams: readonly StreamRow[],
): AddedRows {
  const subscribed: Record<string, string[]> = {};
  const alreadySubscribed: Record<string, string[]> = {};
  const added: Added[] = [];
  for (const user of users) {
    const newly: StreamRow[] = [];
    for (const stream of streams) {
      if (isSubscribed(sql, user.id, stream.recipient_id)) {
        (alreadySubscribed[user.email] ??= []).push(stream.name);
        continue;
      }
      const color = streamColor(streamSubscriptionCount(sql, user.id));
      insertSubscription(sql, { userId: user.id, recipientId: stream.recipient_id, color });
      (subscribed[user.email] ??= []).push(stream.name);
      newly.push(stream);
    }
    if (newly.length > 0) added.push({ user, streams: newly });
  }
  return { subscribed, alreadySubscribed, added };
}

/** Subscribes users to streams, creating the streams that do not exist yet. */
export function subscribe(
  services: Services,
  actor: UserRow,
  request: SubscribeRequest,
): SubscribeResult {
  const { sql } = services;
  const wanted = request.streams.map((stream) => ({
    name: checkStreamName(stream.name),
    description: stream.description?.trim() ?? '',
  }));
  const addsOthers = request.users.some((user) => user.id !== actor.id);
  const fatal = request.authorizationErrorsFatal ?? true;
  const access = guestAccessSnapshot(sql);
  const announcements: Announcements = [];

  const outcome = sql.transaction(() => {
    const created: StreamRow[] = [];
    const unauthorized: StreamRow[] = [];
    const streams: StreamRow[] = [];
    for (const { name, description } of wanted) {
      const existing = streamByName(sql, name);
      if (existing) {
        // Zulip's filter_stream_authorization: joining needs the access reading
        // does, administrators get no exception here, and since Zulip 10
        // (feature level 362) an archived channel is joined as any other.
        const joinable = canAccessStream(sql, actor, existing);
        (joinable ? streams : unauthorized).push(existing);
        continue;
      }
      const stream = createStream(services, actor, request, { name, description });
      created.push(stream);
      streams.push(stream);
    }
    const [firstUnauthorized] = unauthorized;
    if (firstUnauthorized && fatal) {
      throw errors.badRequest(`Unable to access channel (${firstUnauthorized.name}).`);
    }
    // Zulip's filter_stream_authorization_for_adding_subscribers: whoever
    // makes a channel may add anyone to it; an existing one asks its settings.
    const existing = streams.filter((stream) => !created.includes(stream));
    if (addsOthers && existing.some((stream) => !mayAddSubscribers(sql, actor, stream))) {
      throw errors.badRequest('Insufficient permission');
    }

    const rows = addSubscriptionRows(sql, request.users, streams);
    if (request.announce === true) {
      stageCreationAnnouncement(services, actor, created, announcements);
    }
    const messagesSent =
      request.sendNewSubscriptionMessages === true &&
      stageNewSubscriptionMessages(services, actor, rows.added, created, announcements);
    return { created, unauthorized, messagesSent, ...rows };
  });

  announceAccessChanges(services, access);
  notifyCreated(services, outcome.created);
  notifyAdded(services, outcome.added);
  // After the peer events, which count the new channels' subscribers in: the
  // default channels' objects come with their count.
  if (request.isDefaultStream === true && outcome.created.length > 0) {
    announceDefaultStreams(services);
  }
  announceAll(announcements);
  return {
    subscribed: outcome.subscribed,
    alreadySubscribed: outcome.alreadySubscribed,
    ...(fatal ? {} : { unauthorized: outcome.unauthorized.map((stream) => stream.name) }),
    ...(request.sendNewSubscriptionMessages === true
      ? { newSubscriptionMessagesSent: outcome.messagesSent }
      : {}),
  };
}

function createStream(
  services: Services,
  actor: UserRow,
  request: SubscribeRequest,
  stream: { name: string; description: string },
): StreamRow {
  const { sql } = services;
  const setting = request.inviteOnly
    ? 'can_create_private_channel_group'
    : 'can_create_public_channel_group';
  if (!mayInRealm(sql, actor, setting)) throw errors.badRequest('Insufficient permission');
  if (request.isDefaultStream === true) checkNewDefaultStream(actor, request.inviteOnly);
  if (request.webPublic === true) throw webPublicChannelsRefused();
  const settings = newChannelSettings(actor.id);
  if (request.streamPostPolicy !== undefined) {
    settings.can_send_message_group = sendGroupOfPostPolicy(request.streamPostPolicy);
  }
  for (const name of channelGroupSettingColumns) {
    const value = request.settings?.[name];
    if (value === undefined) continue;
    settings[name] = checkGroupSettingValue(sql, name, value, channelGroupSettings[name]);
    // A new channel's deletion settings start at nobody, which anyone may keep.
    if (!isNobody(settings[name])) checkChannelSettingSetter(sql, actor, name);
  }
  // Zulip keeps a public stream's history public; a private one's is
  // protected unless asked otherwise.
  const historyPublic = request.inviteOnly ? (request.historyPublicToSubscribers ?? false) : true;
  checkTopicsOpenWhereHistoryIsProtected(historyPublic, settings.can_create_topic_group);
  const streamId = insertStream(sql, {
    ...stream,
    renderedDescription: renderMarkdown(stream.description),
    inviteOnly: request.inviteOnly,
    historyPublicToSubscribers: historyPublic,
    dateCreated: Math.floor(Date.now() / 1000),
    creatorId: actor.id,
    settings: storedSettings(settings),
  });
  insertRecipient(sql, RecipientType.stream, streamId);
  if (request.isDefaultStream === true) insertDefaultStream(sql, streamId);
  if (request.topicsPolicy !== undefined) {
    checkTopicsPolicyChange(sql, actor, request.topicsPolicy, null);
    updateStreamRow(sql, streamId, { topicsPolicy: request.topicsPolicy });
  }
  const created = streamById(sql, streamId);
  if (!created) throw new Error(`stream ${stream.name} vanished inside its own transaction`);
  return created;
}

// Zulip's send_stream_creation_event: everyone who sees the new stream
// without being in it (everyone but guests for a public one; for a private
// one its administrators, the organization's and, since Zulip 10, those its
// settings grant metadata access) learns of it at once, each other member
// as they are added (notifyAdded).
function notifyCreated(services: Services, created: readonly StreamRow[]): void {
  const { sql, queues } = services;
  const people = allUsers(sql).filter((person) => person.is_active === 1);
  for (const stream of created) {
    const audience = people
      .filter((person) => seesUnsubscribed(sql, person, stream))
      .map((person) => person.id);
    // As Zulip's event, made as the channel is, before anyone joins it: the
    // peer_add that follows counts them in.
    const created = { ...toWireStream(sql, stream), subscriber_count: 0 };
    queues.notify(plainNotice('stream', { op: 'create', streams: [created] }), audience);
  }
}

/** The events of `addSubscriptionRows`: each user's `add`, and `peer_add` to those already in. */
export function notifyAdded(services: Services, added: readonly Added[]): void {
  const { sql, queues } = services;
  const newcomers = new Map<number, Set<number>>();
  for (const { user, streams } of added) {
    for (const stream of streams) {
      const ids = newcomers.get(stream.id) ?? new Set<number>();
      newcomers.set(stream.id, ids.add(user.id));
    }
  }
  for (const { user, streams } of added) {
    // An archived channel's subscription is told only to the clients that
    // list archived channels (the archived_channels capability).
    for (const archived of [false, true]) {
      const joined = streams.filter((stream) => (stream.deactivated === 1) === archived);
      if (joined.length > 0) notifyJoined(services, user, joined, archived);
    }
  }
  for (const [streamId, userIds] of newcomers) {
    const stream = streamById(sql, streamId);
    if (!stream) continue;
    // Zulip's send_peer_subscriber_events: everyone who can see the stream's
    // subscribers, but those added, who see each other in their `add` events.
    const peers = subscriberWatchers(sql, stream).filter((id) => !userIds.has(id));
    queues.notify(
      plainNotice(
        'subscription',
        { op: 'peer_add', stream_ids: [streamId], user_ids: [...userIds] },
        stream.deactivated === 1 ? keepsArchived : undefined,
      ),
      peers,
    );
  }
}

// The `add` of one user's new subscriptions, all archived or none.
function notifyJoined(
  services: Services,
  user: UserRow,
  streams: readonly StreamRow[],
  archived: boolean,
): void {
  const { sql, queues } = services;
  const reaches = archived ? keepsArchived : undefined;
  // A stream the user could not see before is announced to them before
  // they join it (Zulip's send_stream_creation_events_for_previously_inaccessible_streams).
  const hidden = streams.filter((stream) => !seesUnsubscribed(sql, user, stream));
  if (hidden.length > 0) {
    queues.notify(
      plainNotice(
        'stream',
        { op: 'create', streams: hidden.map((row) => toWireStream(sql, row)) },
        reaches,
      ),
      [user.id],
    );
  }
  const ids = new Set(streams.map((stream) => stream.id));
  const subscriptions = streamSubscriptionsOfUser(sql, user.id)
    .filter((row) => ids.has(row.id))
    .map((row) => toWireSubscription(sql, row, subscriberIds(sql, row.recipient_id)));
  queues.notify(plainNotice('subscription', { op: 'add', subscriptions }, reaches), [user.id]);
}

// Zulip 12's announcement of new channels, in its words, from Notification
// Bot to the new-channel announcements channel; the creator's copy is read.
function stageCreationAnnouncement(
  services: Services,
  actor: UserRow,
  created: readonly StreamRow[],
  announcements: Announcements,
): void {
  const { sql } = services;
  const notificationsStreamId = getRealm(sql)?.notifications_stream_id ?? null;
  const target =
    notificationsStreamId === null ? undefined : streamById(sql, notificationsStreamId);
  if (created.length === 0 || !target) return;
  const links = created.map((stream) => channelLinkSyntax(stream)).join(', ');
  const content =
    created.length === 1
      ? `${silentMention(actor)} created a new channel ${links}.`
      : `${silentMention(actor)} created the following channels: ${links}.`;
  stageBotChannelMessage(services, target, 'new channels', content, [actor.id], announcements);
}
