import type { DoubleLinkifier, DoublePlayground } from './linkifiers';
import type { EditHistoryEntry, Submessage } from '../../../src-main/wire';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { groupSettingValue } from './params';
import type { StoredStatus } from './userStatus';

export type GroupSettingValue = z.infer<typeof groupSettingValue>;

const example = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'examples', `${name}.json`), 'utf8'));

const userSchema = z.looseObject({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: z.number().int(),
  is_guest: z.boolean(),
  is_active: z.boolean(),
  is_bot: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Zulip's Notification Bot, which announces new channels and subscriptions. */
export const notificationBotId = 2;

export const subscriptionKey = (userId: number, streamId: number) => `${userId}/${streamId}`;

export const seatNames = ['owner', 'admin', 'moderator', 'member', 'member2', 'guest'] as const;
export type SeatName = (typeof seatNames)[number];

const seatSchema = z.object({ password: z.string(), api_key: z.string(), user: userSchema });
const seatsSchema = z.record(z.enum(seatNames), seatSchema);

const groupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean(),
});
export type Group = z.infer<typeof groupSchema>;

const streamSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
  is_archived: z.boolean(),
  folder_id: z.number().int().nullable(),
  topics_policy: z.enum([
    'inherit',
    'allow_empty_topic',
    'disable_empty_topic',
    'empty_topic_only',
  ]),
  history_public_to_subscribers: z.boolean(),
  can_send_message_group: groupSettingValue,
  can_move_messages_out_of_channel_group: groupSettingValue,
  can_move_messages_within_channel_group: groupSettingValue,
  can_delete_any_message_group: groupSettingValue,
  can_delete_own_message_group: groupSettingValue,
  can_resolve_topics_group: groupSettingValue,
  can_administer_channel_group: groupSettingValue,
  can_add_subscribers_group: groupSettingValue,
  can_remove_subscribers_group: groupSettingValue,
  can_subscribe_group: groupSettingValue,
  can_create_topic_group: groupSettingValue,
  subscribers: z.array(z.number().int()),
  color: z.string(),
});
/** A channel as register's `streams` lists it, with the double's own `subscribers` and `color`. */
export type Stream = z.infer<typeof streamSchema>;

const seedMessageSchema = z.object({
  id: z.number().int(),
  sender: z.number().int(),
  stream_id: z.number().int().optional(),
  to: z.array(z.number().int()).optional(),
  topic: z.string().optional(),
  content: z.string(),
  timestamp: z.number().int(),
  read_by: z.array(z.number().int()),
});

export interface Reaction {
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  user_id: number;
}

export interface StoredMessage {
  id: number;
  senderId: number;
  client: string;
  /** Set for a channel message; a direct message has `dmUserIds` instead. */
  streamId: number | null;
  /** Stored as sent: "" is the empty topic, shown under realm_empty_topic_display_name. */
  topic: string;
  /** Everyone in a direct conversation, the sender included, ascending. */
  dmUserIds: number[];
  content: string;
  timestamp: number;
  /** Newest first, as Zulip lists it. */
  editHistory: EditHistoryEntry[];
  lastEditTimestamp: number | null;
  lastMovedTimestamp: number | null;
  reactions: Reaction[];
  /** Oldest first; none until a widget or a bot adds one. */
  submessages?: Submessage[];
}

/** A user's personal settings for one channel they are subscribed to; null notifications follow the user's settings. */
export interface SubscriptionProps {
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  audible_notifications: boolean | null;
  push_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
}

/** A user's visibility policy for one topic, as register's `user_topics` lists it. */
export interface UserTopic {
  stream_id: number;
  /** Stored as set: "" is the empty topic. */
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

/** What Zulip keeps of a bot beyond its user: its owner, kind and defaults. */
export interface Bot {
  userId: number;
  ownerId: number;
  botType: number;
  services: Record<string, unknown>[];
  defaultSendingStream: string | null;
  defaultEventsRegisterStream: string | null;
  defaultAllPublicStreams: boolean;
}

/** An uploaded file and who uploaded it. */
export interface Upload {
  id: number;
  /** `{realm_id}/{xx}/{random}/{name}`, as the file's URL ends. */
  pathId: string;
  name: string;
  type: string;
  data: Uint8Array;
  ownerId: number;
  createTime: number;
}

/** The groups and channels a deactivated user leaves, given back on reactivation. */
export interface SetAside {
  groupIds: number[];
  streamIds: number[];
}

export interface Presence {
  activeTimestamp: number;
  idleTimestamp: number;
  updateId: number;
}

/** The organization the double serves: all of its state, in memory. */
export class Org {
  readonly realm: Record<string, unknown>;
  readonly userSettings: Record<string, unknown>;
  readonly serverSettings: Record<string, unknown>;
  readonly channelFolders: Record<string, unknown>[];
  readonly seats: Record<SeatName, { password: string; apiKey: string; user: User }>;
  readonly users = new Map<number, User>();
  readonly groups = new Map<number, Group>();
  readonly streams = new Map<number, Stream>();
  readonly messages = new Map<number, StoredMessage>();
  /** Each message's flags for each user who has a row for it (Zulip's UserMessage). */
  readonly flags = new Map<number, Map<number, Set<string>>>();
  readonly presence = new Map<number, Presence>();
  /** Each user's personal settings, copied from the documented example on first use. */
  readonly settings = new Map<number, Record<string, unknown>>();
  /** Keyed by `subscriptionKey`; absent until the user first changes one. */
  readonly subscriptionProps = new Map<string, SubscriptionProps>();
  readonly userTopics = new Map<number, Map<string, UserTopic>>();
  /** Zulip's RealmFilter, in the order they apply. */
  readonly linkifiers: DoubleLinkifier[] = [];
  readonly playgrounds: DoublePlayground[] = [];
  /** The last ID given to a linkifier or playground. */
  lastConfigId = 0;
  /** Whom each user muted, in the order they were muted (Zulip's MutedUser). */
  readonly mutedUsers = new Map<number, { id: number; timestamp: number }[]>();
  /** Each user's status, once they first set one (Zulip's UserStatus). */
  readonly userStatuses = new Map<number, StoredStatus>();
  readonly apiKeys = new Map<number, string>();
  readonly passwords = new Map<number, string>();
  readonly bots = new Map<number, Bot>();
  /** By path ID. */
  readonly uploads = new Map<string, Upload>();
  /** Zulip's unauthenticated file URLs, by token: the path ID, until when (seconds). */
  readonly temporaryUploads = new Map<string, { pathId: string; expires: number }>();
  readonly defaultStreams = new Set<number>([1]);
  readonly setAside = new Map<number, SetAside>();
  /** Zulip's system bots, outside the organization: Notification Bot speaks for the server. */
  readonly crossRealmBots: User[] = [
    {
      user_id: notificationBotId,
      email: 'notification-bot@zulip.com',
      delivery_email: null,
      full_name: 'Notification Bot',
      role: 400,
      is_guest: false,
      is_active: true,
      is_bot: true,
      is_admin: false,
      is_owner: false,
      bot_type: 1,
      is_system_bot: true,
      timezone: '',
      date_joined: '2019-10-20T07:50:53.728864+00:00',
      avatar_version: 1,
    },
  ];
  presenceUpdateId = 0;
  nextMessageId: number;
  nextUserId: number;
  nextStreamId: number;
  nextGroupId: number;
  nextFolderId: number;
  nextAttachmentId = 1;
  nextSubmessageId = 1;

  constructor(
    readonly url: string,
    readonly featureLevel: number,
    readonly zulipVersion: string,
  ) {
    this.realm = z.record(z.string(), z.unknown()).parse(example('realm'));
    this.realm.realm_url = url;
    this.realm.realm_uri = url;
    this.userSettings = z.record(z.string(), z.unknown()).parse(example('userSettings'));
    this.serverSettings = z.record(z.string(), z.unknown()).parse(example('serverSettings'));
    this.channelFolders = z
      .array(z.record(z.string(), z.unknown()))
      .parse(example('channelFolders'));
    const seats = seatsSchema.parse(example('users'));
    this.seats = Object.fromEntries(
      seatNames.map((name) => {
        const seat = seats[name];
        return [name, { password: seat.password, apiKey: seat.api_key, user: seat.user }];
      }),
    ) as Org['seats'];
    for (const seat of Object.values(this.seats)) {
      this.users.set(seat.user.user_id, seat.user);
      this.apiKeys.set(seat.user.user_id, seat.apiKey);
      this.passwords.set(seat.user.user_id, seat.password);
    }
    for (const group of z.array(groupSchema).parse(example('groups'))) {
      this.groups.set(group.id, group);
    }
    for (const stream of z.array(streamSchema).parse(example('streams'))) {
      this.streams.set(stream.stream_id, stream);
    }
    for (const seed of z.array(seedMessageSchema).parse(example('messages'))) {
      const dmUserIds = seed.to
        ? [...new Set([seed.sender, ...seed.to])].sort((a, b) => a - b)
        : [];
      this.messages.set(seed.id, {
        id: seed.id,
        senderId: seed.sender,
        client: 'website',
        streamId: seed.stream_id ?? null,
        topic: seed.topic ?? '',
        dmUserIds,
        content: seed.content,
        timestamp: seed.timestamp,
        editHistory: [],
        lastEditTimestamp: null,
        lastMovedTimestamp: null,
        reactions: [],
      });
      const receivers = seed.stream_id
        ? (this.streams.get(seed.stream_id)?.subscribers ?? [])
        : dmUserIds;
      const rows = new Map<number, Set<string>>();
      for (const id of receivers) {
        rows.set(id, new Set(seed.read_by.includes(id) ? ['read'] : []));
      }
      this.flags.set(seed.id, rows);
    }
    this.nextMessageId = Math.max(0, ...this.messages.keys()) + 1;
    this.nextUserId = Math.max(0, ...this.users.keys()) + 1;
    this.nextStreamId = Math.max(0, ...this.streams.keys()) + 1;
    this.nextGroupId = Math.max(0, ...this.groups.keys()) + 1;
    this.nextFolderId = Math.max(0, ...this.channelFolders.map((folder) => Number(folder.id))) + 1;
  }

  user(id: number): User | undefined {
    return this.users.get(id) ?? this.crossRealmBots.find((bot) => bot.user_id === id);
  }

  isActive = (userId: number): boolean => this.users.get(userId)?.is_active === true;

  settingsOf(userId: number): Record<string, unknown> {
    const existing = this.settings.get(userId);
    if (existing) return existing;
    const fresh = structuredClone(this.userSettings);
    this.settings.set(userId, fresh);
    return fresh;
  }

  userByEmail(email: string): User | undefined {
    const wanted = email.toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  streamByName(name: string): Stream | undefined {
    const wanted = name.toLowerCase();
    return [...this.streams.values()].find((stream) => stream.name.toLowerCase() === wanted);
  }

  isSubscribed(userId: number, stream: Stream): boolean {
    return stream.subscribers.includes(userId);
  }

  isAdmin = (userId: number): boolean => (this.users.get(userId)?.role ?? 600) <= 200;
  isModerator = (userId: number): boolean => (this.users.get(userId)?.role ?? 600) <= 300;

  /** Whether the user may see the channel's messages: Zulip's content access, simplified to subscriptions and public history. */
  canReadChannel(userId: number, stream: Stream): boolean {
    if (this.isSubscribed(userId, stream)) return true;
    const user = this.users.get(userId);
    return !stream.invite_only && !user?.is_guest;
  }

  canSee(userId: number, message: StoredMessage): boolean {
    if (message.streamId === null) return message.dmUserIds.includes(userId);
    const stream = this.streams.get(message.streamId);
    return stream !== undefined && this.canReadChannel(userId, stream);
  }

  flagsOf(messageId: number, userId: number): string[] {
    const row = this.flags.get(messageId)?.get(userId);
    // Zulip marks a message the user never received as read and historical.
    return row ? [...row].sort() : ['historical', 'read'];
  }

  emptyTopicName(): string {
    return String(this.realm.realm_empty_topic_display_name);
  }

  /** Every active user (bots included), the seats in the order of `seatNames`. */
  allUserIds(): number[] {
    return [...this.users.values()].filter((user) => user.is_active).map((user) => user.user_id);
  }
}
