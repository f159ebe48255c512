import type { EditHistoryEntry } from '../../../src-main/wire';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { groupSettingValue } from './params';

export type GroupSettingValue = z.infer<typeof groupSettingValue>;

const example = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'examples', `${name}.json`), 'utf8'));

const userSchema = z.looseObject({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: z.number().int(),
  is_guest: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

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
  presenceUpdateId = 0;
  nextMessageId: number;

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
    for (const seat of Object.values(this.seats)) this.users.set(seat.user.user_id, seat.user);
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
  }

  user(id: number): User | undefined {
    return this.users.get(id);
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

  /** Every active user, the seats in the order of `seatNames`. */
  allUserIds(): number[] {
    return [...this.users.keys()];
  }
}
