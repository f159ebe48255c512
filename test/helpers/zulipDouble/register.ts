import { z } from 'zod';
import type { Context } from './context';
import { isInSetting, realmSetting } from './groups';
import type { Org } from './org';
import { botFor } from './bots';
import { canSeeChannel } from './channelAccess';
import { foldersInOrder } from './channelFolders';
import { channelFor, subscriptionFor } from './channelObject';
import { presences } from './presence';
import { userTopicsOf } from './userTopics';
import { draftsOf } from './drafts';
import { mutesOf } from './mutedUsers';
import { scheduledOf } from './scheduledMessages';
import { statusesFor } from './userStatus';
import type { Capabilities, Queue } from './queues';
import { bool, json, parseParams, type RawParams } from './params';
import { avatarUrl, topicFor } from './render';
import { zulipMergeBase } from './source';

const capabilitiesSchema = z.looseObject({
  notification_settings_null: z.boolean().default(false),
  bulk_message_deletion: z.boolean().default(false),
  user_settings_object: z.boolean().default(false),
  empty_topic_name: z.boolean().default(false),
  archived_channels: z.boolean().default(false),
  user_list_incomplete: z.boolean().default(false),
  simplified_presence_events: z.boolean().default(false),
  include_deactivated_groups: z.boolean().default(false),
  linkifier_url_template: z.boolean().default(false),
});

const registerSchema = z.object({
  apply_markdown: bool.default(false),
  client_gravatar: bool.default(true),
  slim_presence: bool.default(false),
  include_subscribers: json(z.union([z.boolean(), z.literal('partial')])).default(false),
  all_public_streams: bool.default(false),
  event_types: json(z.array(z.string()).nullable()).optional(),
  fetch_event_types: json(z.array(z.string()).nullable()).optional(),
  client_capabilities: json(capabilitiesSchema).optional(),
  narrow: json(z.array(z.unknown())).default([]),
  presence_history_limit_days: z.string().optional(),
  idle_queue_timeout: z.string().optional(),
});

/** Which initial-state sections register sends: those of fetch_event_types, else event_types, else all. */
const wants = (types: readonly string[] | null | undefined) => (type: string) =>
  types === null || types === undefined || types.includes(type);

/** What Zulip knows a user by when the reader may not see them (feature level 228). */
function unknownUser(id: number) {
  return {
    user_id: id,
    email: `user${id}@zulip.invalid`,
    delivery_email: null,
    full_name: 'Unknown user',
    role: 400,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    is_active: true,
    is_imported_stub: false,
    timezone: '',
    date_joined: '2019-10-20T07:50:53.728864+00:00',
    avatar_version: 1,
    avatar_url: null,
    profile_data: {},
  };
}

/** The users the reader may see: all, or by can_access_all_users_group only those they share a conversation with. */
export function accessibleUsers(org: Org, readerId: number): Set<number> {
  if (isInSetting(org, readerId, realmSetting(org, 'can_access_all_users_group'))) {
    return new Set(org.allUserIds());
  }
  const seen = new Set([readerId]);
  for (const stream of org.streams.values()) {
    if (org.isSubscribed(readerId, stream)) for (const id of stream.subscribers) seen.add(id);
  }
  for (const message of org.messages.values()) {
    if (message.dmUserIds.includes(readerId)) for (const id of message.dmUserIds) seen.add(id);
  }
  return seen;
}

function realmUsers(org: Org, readerId: number, capabilities: Capabilities, gravatar: boolean) {
  const accessible = accessibleUsers(org, readerId);
  return org.allUserIds().flatMap((id) => {
    if (!accessible.has(id)) return capabilities.user_list_incomplete ? [] : [unknownUser(id)];
    const user = org.user(id);
    return user ? [{ ...user, avatar_url: gravatar ? null : avatarUrl(org, id) }] : [];
  });
}

function unreadMsgs(org: Org, readerId: number, emptyTopicName: boolean) {
  const streams = new Map<
    string,
    { stream_id: number; topic: string; unread_message_ids: number[] }
  >();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  const unread = [...org.messages.values()]
    .filter((message) => {
      const row = org.flags.get(message.id)?.get(readerId);
      return row !== undefined && !row.has('read');
    })
    .sort((a, b) => a.id - b.id);
  for (const message of unread) {
    count += 1;
    if (org.flagsOf(message.id, readerId).includes('mentioned')) mentions.push(message.id);
    if (message.streamId !== null) {
      const topic = topicFor(org, message.topic, { emptyTopicName });
      const key = `${message.streamId}\u0000${message.topic}`;
      const entry = streams.get(key) ?? {
        stream_id: message.streamId,
        topic,
        unread_message_ids: [],
      };
      entry.unread_message_ids.push(message.id);
      streams.set(key, entry);
    } else if (message.dmUserIds.length <= 2) {
      const other = message.dmUserIds.find((id) => id !== readerId) ?? readerId;
      pms.set(other, [...(pms.get(other) ?? []), message.id]);
    } else {
      const key = message.dmUserIds.join(',');
      huddles.set(key, [...(huddles.get(key) ?? []), message.id]);
    }
  }
  return {
    count,
    pms: [...pms].map(([other, ids]) => ({
      other_user_id: other,
      sender_id: other,
      unread_message_ids: ids,
    })),
    streams: [...streams.values()],
    huddles: [...huddles].map(([key, ids]) => ({ user_ids_string: key, unread_message_ids: ids })),
    mentions,
    old_unreads_missing: false,
  };
}

// The server's limits, defaults and data files that register documents in
// its realm section (max_*_length from feature level 53, the emoji data file
// from 140), with the documented values.
const serverLimits = {
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_topic_length: 60,
  max_message_length: 10000,
};

const defaultExternalAccounts = {
  github: {
    name: 'GitHub',
    text: 'GitHub',
    hint: 'Enter your GitHub username',
    url_pattern: 'https://github.com/%(username)s',
  },
  twitter: {
    name: 'Twitter',
    text: 'Twitter',
    hint: 'Enter your Twitter username',
    url_pattern: 'https://twitter.com/%(username)s',
  },
};

/** POST /register: a queue, and the initial state a Zulip server at the documented level sends. */
export function register(context: Context, readerId: number, raw: RawParams) {
  const { org, queues } = context;
  const params = parseParams(registerSchema, raw);
  const capabilities: Capabilities = params.client_capabilities ?? capabilitiesSchema.parse({});
  const eventTypes = params.event_types ? new Set(params.event_types) : null;
  const queue: Queue = queues.create(readerId, {
    capabilities,
    eventTypes,
    applyMarkdown: params.apply_markdown,
  });
  const want = wants(params.fetch_event_types ?? params.event_types);
  const reader = org.user(readerId);
  const state: Record<string, unknown> = {
    queue_id: queue.id,
    last_event_id: -1,
    zulip_version: org.zulipVersion,
    zulip_feature_level: org.featureLevel,
    zulip_merge_base: zulipMergeBase,
    event_queue_longpoll_timeout_seconds: 90,
  };
  const emptyTopicName = capabilities.empty_topic_name;
  const visibleStreams = [...org.streams.values()].filter(
    (stream) => capabilities.archived_channels || !stream.is_archived,
  );

  if (want('realm')) {
    Object.assign(state, org.realm, serverLimits, {
      realm_default_external_accounts: defaultExternalAccounts,
      server_emoji_data_url: new URL('/static/generated/emoji/emoji_api.json', org.url).href,
      realm_users_count: org.users.size,
      server_timestamp: context.now(),
    });
  }
  if (want('realm_user')) {
    Object.assign(state, {
      realm_users: realmUsers(org, readerId, capabilities, params.client_gravatar),
      realm_non_active_users: [...org.users.values()]
        .filter((user) => !user.is_active)
        .map((user) => ({ ...user, avatar_url: avatarUrl(org, user.user_id) })),
      cross_realm_bots: org.crossRealmBots.map((bot) => ({
        ...bot,
        avatar_url: avatarUrl(org, bot.user_id),
      })),
      user_id: readerId,
      email: reader?.email,
      delivery_email: reader?.email,
      full_name: reader?.full_name,
      role: reader?.role,
      is_owner: reader?.role === 100,
      is_admin: org.isAdmin(readerId),
      is_moderator: reader?.role === 300,
      is_guest: reader?.is_guest,
      avatar_source: 'G',
      avatar_url: avatarUrl(org, readerId),
      avatar_url_medium: avatarUrl(org, readerId),
    });
  }
  if (want('realm_user_groups')) {
    state.realm_user_groups = [...org.groups.values()]
      .filter((group) => capabilities.include_deactivated_groups || !group.deactivated)
      .map((group) => structuredClone(group));
  }
  if (want('subscription')) {
    const withSubscribers = params.include_subscribers !== false;
    const subscribed = visibleStreams.filter((stream) => org.isSubscribed(readerId, stream));
    state.subscriptions = subscribed.map((stream) =>
      subscriptionFor(org, readerId, stream, capabilities, withSubscribers),
    );
    state.unsubscribed = [];
    state.never_subscribed = visibleStreams
      .filter(
        (stream) => !org.isSubscribed(readerId, stream) && canSeeChannel(org, readerId, stream),
      )
      .map((stream) => ({
        ...channelFor(stream),
        ...(withSubscribers ? { subscribers: [...stream.subscribers] } : {}),
      }));
  }
  if (want('stream')) {
    state.streams = visibleStreams
      .filter((stream) => canSeeChannel(org, readerId, stream))
      .map((stream) => channelFor(stream));
  }
  if (want('channel_folders')) {
    state.channel_folders = foldersInOrder(org).map((folder) => structuredClone(folder));
  }
  if (want('message')) state.max_message_id = Math.max(0, ...org.messages.keys());
  if (want('message') || want('update_message_flags')) {
    state.unread_msgs = unreadMsgs(org, readerId, emptyTopicName);
  }
  // Zulip 12.0 (feature level 439) gives the settings only in user_settings,
  // whether or not the client declares user_settings_object.
  if (want('user_settings')) state.user_settings = { ...org.settingsOf(readerId) };
  if (want('presence')) {
    Object.assign(state, {
      presences: presences(context, params.slim_presence),
      presence_last_update_id: org.presenceUpdateId,
      server_timestamp: context.now(),
      // Zulip's defaults (feature level 164).
      server_presence_ping_interval_seconds: 60,
      server_presence_offline_threshold_seconds: 140,
    });
  }
  if (want('user_topic')) state.user_topics = userTopicsOf(org, readerId, emptyTopicName);
  if (want('realm_emoji')) state.realm_emoji = {};
  if (want('starred_messages')) {
    state.starred_messages = [...org.messages.keys()].filter((id) =>
      org.flagsOf(id, readerId).includes('starred'),
    );
  }
  if (want('recent_private_conversations')) state.recent_private_conversations = [];
  if (want('muted_users')) state.muted_users = mutesOf(org, readerId);
  if (want('scheduled_messages')) state.scheduled_messages = scheduledOf(context, readerId);
  if (want('alert_words')) state.alert_words = [];
  if (want('custom_profile_fields')) state.custom_profile_fields = [];
  if (want('realm_linkifiers')) {
    // Zulip lists none to a client that cannot read URL templates (feature level 176).
    state.realm_linkifiers = capabilities.linkifier_url_template
      ? org.linkifiers.map((linkifier) => ({ ...linkifier }))
      : [];
  }
  if (want('realm_playgrounds')) {
    state.realm_playgrounds = org.playgrounds.map((playground) => ({ ...playground }));
  }
  if (want('default_streams')) state.realm_default_streams = [...org.defaultStreams];
  if (want('default_stream_groups')) state.realm_default_stream_groups = [];
  if (want('drafts')) state.drafts = draftsOf(org, readerId);
  if (want('navigation_views')) state.navigation_views = [];
  if (want('saved_snippets')) state.saved_snippets = [];
  if (want('scheduled_messages')) state.scheduled_messages = [];
  if (want('reminders')) state.reminders = [];
  if (want('onboarding_steps')) state.onboarding_steps = [];
  if (want('user_status')) state.user_status = statusesFor(org, readerId);
  if (want('realm_bot')) {
    state.realm_bots = [...org.bots.values()]
      .filter((bot) => org.isActive(bot.userId))
      .filter((bot) => org.isAdmin(readerId) || bot.ownerId === readerId)
      .map(botFor);
  }
  if (want('realm_domains')) state.realm_domains = [];
  if (want('video_calls')) state.has_zoom_token = false;
  return state;
}
