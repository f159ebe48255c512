import { z } from 'zod';
import {
  apiSuccessSchema,
  eventsResponseSchema,
  messageSchema,
  messagesResponseSchema,
  modernPresenceSchema,
  profileSchema,
  type MessagesResponse,
  registerResponseSchema,
  subscriptionSchema,
  subscriptionsResponseSchema,
  userSchema,
  type AnyEvent,
  type Message,
  type NarrowTerm,
  type Subscription,
} from '../../wire';
import type { DraftData } from '../../wire/drafts';
import type { GroupSettingValue } from '../../permissions/groupSettings';
import { zulip7FeatureLevel } from '../../permissions/rolePolicies';
import { codeToNamesSchema, type CodeToNames } from '../cache/serverEmoji';
import { FileTooLargeError, NetworkError, NotZulipError, ProtocolError } from './errors';
import { mt } from '../../i18n/mainText';
import { linkifierApi, type LinkifierApi } from './linkifiers';
import {
  createHttpClient,
  type Credentials,
  type FileRequestOptions,
  type HttpClient,
  type HttpClientOptions,
  type ServerFile,
  type UploadProgress,
} from './http';

// The client reads only the identity fields of the profile, so a server that
// omits legacy profile fields (such as `pointer`) is still usable.
const identitySchema = profileSchema.pick({ user_id: true, email: true, full_name: true });
export type Identity = z.infer<typeof identitySchema>;

// Older servers and root-domain requests may omit realm keys (spec §2, Server settings).
const serverSettingsSchema = z.looseObject({
  realm_name: z.string().optional(),
  realm_uri: z.string().optional(),
});

const registeredSchema = registerResponseSchema.extend({
  subscriptions: z.array(subscriptionSchema).optional(),
  user_id: z.number().int().optional(),
  max_message_id: z.number().int().optional(),
});
export type Registered = z.infer<typeof registeredSchema>;

// What the client can take that Zulip would otherwise send in older forms:
// null for "as the global setting" in subscriptions, one deletion event for
// many messages, the settings of 7.0's unified user_settings object,
// linkifiers with their URL templates (feature level 176; without it Zulip
// lists none), and the empty topic as "" (Zulip 10, feature level 334) rather than the
// organization's name for it, so that it is told apart from a topic of that
// name, and archived channels marked is_archived rather than left out
// (feature level 315), so that their history stays readable, and no
// "Unknown user" stand-ins in the user list for people a guest may not see
// (Zulip 8, feature level 232), whom the window names "Unknown user" where
// they appear. Servers older than a capability ignore it.
const clientCapabilities = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: false,
  user_settings_object: true,
  empty_topic_name: true,
  archived_channels: true,
  user_list_incomplete: true,
  linkifier_url_template: true,
};

const sentSchema = z.looseObject({ id: z.number().int() });

// Zulip answers a request it stopped partway, out of time, with "result":
// "partially_completed" (Zulip 6, feature levels 153 and 154) or, from
// Zulip 8 (feature level 211), `complete: false`; its web app asks again.
const partialSchema = z.looseObject({ result: z.string(), complete: z.boolean().optional() });
const isPartial = (answer: z.infer<typeof partialSchema>): boolean =>
  answer.result === 'partially_completed' || answer.complete === false;
const flagsForNarrowSchema = z.looseObject({
  found_newest: z.boolean(),
  last_processed_id: z.number().int().nullable(),
});
// The most messages one POST /messages/flags/narrow takes on.
const flagsForNarrowBatch = 5000;
// The most parts one request the server works through in parts is asked for.
const partialRounds = 50;

async function untilComplete(request: () => Promise<z.infer<typeof partialSchema>>): Promise<void> {
  for (let round = 0; round < partialRounds; round++) {
    if (!isPartial(await request())) return;
  }
}

const readReceiptsSchema = z.looseObject({ user_ids: z.array(z.number().int()) });

const renderedSchema = z.looseObject({ rendered: z.string() });

// A search's messages carry their content and topic with the matching words
// highlighted; those copies are for showing the result, not for the cache.
const searchAnswerSchema = z.looseObject({
  messages: z.array(
    messageSchema.extend({
      match_content: z.string().optional(),
      match_subject: z.string().optional(),
    }),
  ),
});

/** A search result's content and topic as HTML with Zulip's `highlight` spans; null where the server sent none. */
export interface Match {
  id: number;
  content: string | null;
  subject: string | null;
}

// Zulip 7.0 answers GET /messages/{id} with the message, and with its
// Markdown in `raw_content` (deprecated) or, without markdown applied, in `content`.
const singleMessageSchema = z.looseObject({
  raw_content: z.string().optional(),
  message: z.looseObject({ content: z.string() }),
});

const historySchema = z.looseObject({
  message_history: z.array(
    z.looseObject({
      topic: z.string(),
      content: z.string(),
      rendered_content: z.string().nullable(),
      user_id: z.number().int().nullable(),
      timestamp: z.number(),
      prev_topic: z.string().optional(),
      prev_content: z.string().optional(),
      content_html_diff: z.string().optional(),
    }),
  ),
});
export type HistorySnapshot = z.infer<typeof historySchema>['message_history'][number];

/** Zulip's propagate_mode: which of the topic's messages a topic edit moves. */
export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface MessageChange {
  content?: string | undefined;
  topic?: string | undefined;
  propagateMode?: PropagateMode | undefined;
  /** Zulip 7.0's move to another stream. */
  streamId?: number | undefined;
}

const topicsSchema = z.looseObject({
  topics: z.array(z.looseObject({ name: z.string(), max_id: z.number().int() })),
});

export interface MessagesRequest {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  numBefore: number;
  numAfter: number;
  narrow: readonly NarrowTerm[];
  /** Zulip 7.0's include_anchor: false asks only for messages strictly beyond a numeric anchor. */
  includeAnchor?: boolean;
  applyMarkdown?: boolean;
}

/** A message to send, and how the event queue will name it when it comes back. */
/** A message for the server to send at `deliverAt` (seconds since the epoch). */
export interface ScheduledOutgoing {
  to: OutgoingMessage['to'];
  content: string;
  deliverAt: number;
}

/** What PATCH /scheduled_messages/{id} changes: a part left undefined stays. */
export interface ScheduledChange {
  to?: OutgoingMessage['to'];
  content?: string;
  deliverAt?: number;
}

// Scheduled messages take a channel by ID and people by a list of IDs, and
// name the kinds as Zulip 7.0 does ("direct" from feature level 174).
const scheduledDestination = (to: OutgoingMessage['to']) =>
  'streamId' in to
    ? { type: 'stream', to: String(to.streamId), topic: to.topic }
    : { type: 'direct', to: JSON.stringify(to.userIds) };

const scheduledIdSchema = z.looseObject({ scheduled_message_id: z.number().int() });

export interface OutgoingMessage {
  to: { streamId: number; topic: string } | { userIds: readonly number[] };
  content: string;
  queueId?: string;
  localId?: string;
}

// Zulip's GET /bots names a bot by its email (`username`) and gives its key,
// but neither its ID nor its type, which GET /users has. Since Zulip 12 a
// bot's key has an endpoint of its own (feature level 463) and bot objects
// elsewhere lost theirs (474), so the listing's key is not counted on.
const ownBotSchema = z.looseObject({
  username: z.string(),
  full_name: z.string(),
  api_key: z.string().optional(),
});
export type OwnBotRecord = z.infer<typeof ownBotSchema>;
const ownBotsSchema = z.looseObject({ bots: z.array(ownBotSchema) });

const memberSchema = userSchema.pick({ user_id: true, email: true, bot_type: true });
export type Member = z.infer<typeof memberSchema>;
const membersSchema = z.looseObject({ members: z.array(memberSchema) });

const createdBotSchema = z.looseObject({ user_id: z.number().int() });

// A webhook's success names a `code` where it took the delivery but posted
// nothing, as for an event the integration does not support.
const webhookAnswerSchema = apiSuccessSchema.extend({ code: z.string().optional() });
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

const streamIdSchema = z.looseObject({ stream_id: z.number().int() });

export interface NewBot {
  fullName: string;
  shortName: string;
  /** Zulip's number for the kind of bot. */
  botType: number;
  /** An outgoing-webhook bot's URL and Zulip's number for its interface (1 Zulip, 2 Slack). */
  payloadUrl?: string | undefined;
  interfaceType?: number | undefined;
}

export interface StreamMessage {
  stream: string;
  topic: string;
  content: string;
}

const presenceAnswerSchema = z.object({
  presences: z.record(z.string(), modernPresenceSchema),
  server_timestamp: z.number(),
  /** Zulip 9 (feature level 263): where the next report's changes start. */
  presence_last_update_id: z.number().int().optional(),
});
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;

const temporaryUrlSchema = z.looseObject({ url: z.string().min(1) });

// Zulip 7.0 answers an upload with `uri`; later releases add `url`, the name newer ones keep.
const uploadedSchema = z
  .looseObject({ uri: z.string().min(1).optional(), url: z.string().min(1).optional() })
  .refine(
    (answer) => answer.url !== undefined || answer.uri !== undefined,
    'the answer names no url',
  );

// A file goes at the speed of the link: a minute is too short for 25 MiB on a slow one.
const uploadTimeoutMs = 15 * 60_000;

/** A file for Zulip's POST /user_uploads. */
export interface FileUpload {
  name: string;
  data: Uint8Array;
  /** Its media type, which the server serves it with. */
  type?: string | undefined;
  /**
   * The server's max_file_upload_size_mib, in bytes, when it said: a larger
   * file is refused in the server's words without being sent.
   */
  maxBytes?: number | null | undefined;
  onProgress?: UploadProgress | undefined;
  signal?: AbortSignal | undefined;
}

const mib = 1024 * 1024;

export interface EventsRequest {
  queueId: string;
  lastEventId: number;
  dontBlock: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The Zulip endpoints a Session uses, each parsed with its wire schema. */
export interface Api extends LinkifierApi {
  getServerSettings(): Promise<{ realmName: string | undefined; realmUri: string | undefined }>;
  getIdentity(): Promise<Identity>;
  getSubscriptions(): Promise<Subscription[]>;
  /** Registers a queue for every event type and fetches the whole initial state. */
  register(): Promise<Registered>;
  getEvents(request: EventsRequest): Promise<AnyEvent[]>;
  deleteQueue(queueId: string, options?: { timeoutMs?: number }): Promise<void>;
  sendStreamMessage(message: StreamMessage): Promise<number>;
  getNewestMessages(narrow: readonly NarrowTerm[], count: number): Promise<Message[]>;
  getMessages(request: MessagesRequest): Promise<MessagesResponse>;
  /** GET /messages for a search: the messages, and Zulip's highlighted copies of what matched. */
  searchMessages(request: MessagesRequest): Promise<{ messages: Message[]; matches: Match[] }>;
  /** Resolves with the new message's ID. */
  sendMessage(message: OutgoingMessage): Promise<number>;
  /** Zulip's POST /messages/render: the HTML the content would get if sent; nothing is sent. */
  renderMessage(content: string): Promise<string>;
  getStreamTopics(streamId: number): Promise<{ name: string; max_id: number }[]>;
  getOwnBots(): Promise<OwnBotRecord[]>;
  getMembers(): Promise<Member[]>;
  /** Resolves with the new bot's user ID. */
  createBot(bot: NewBot): Promise<number>;
  regenerateBotApiKey(botId: number): Promise<void>;
  /** A bot's key, from its own endpoint where the server has one (Zulip 12); null before. */
  getBotApiKey(botId: number): Promise<string | null>;
  deactivateBot(botId: number): Promise<void>;
  /**
   * A tool's delivery (its JSON and headers) posted to an incoming webhook's
   * URL on this server, which carries the bot's key: the account's is not sent.
   */
  postWebhook(
    url: string,
    payload: unknown,
    headers: Readonly<Record<string, string>>,
  ): Promise<WebhookAnswer>;
  /** Zulip's GET /get_stream_id: refused, with the server's reason, for a channel the reader cannot find. */
  getStreamId(name: string): Promise<number>;
  /** Zulip's PATCH /settings: the server announces the change as a user_settings event. */
  updateSettings(
    settings: Readonly<Record<string, boolean | number | string | undefined>>,
  ): Promise<void>;
  setSubscriptionProperty(
    streamId: number,
    property: string,
    value: boolean | number | string | null,
  ): Promise<void>;
  /** Zulip's POST /messages/flags; the change comes back as an update_message_flags event. */
  updateMessageFlags(
    messageIds: readonly number[],
    op: 'add' | 'remove',
    flag: string,
  ): Promise<void>;
  markAllAsRead(): Promise<void>;
  /**
   * Zulip's POST /users/me/presence, answered with presence keyed by user ID:
   * everyone's, or from Zulip 9 only what changed after `lastUpdateId`.
   */
  updatePresence(status: 'active' | 'idle', lastUpdateId?: number): Promise<PresenceAnswer>;
  /** Zulip's POST /users/me/status: only the parts given change; a user_status event follows. */
  updateStatus(change: StatusChange): Promise<void>;
  markStreamAsRead(streamId: number): Promise<void>;
  /** Zulip's PATCH /messages/{id}; the change comes back as an update_message event. */
  updateMessage(messageId: number, change: MessageChange): Promise<void>;
  deleteMessage(messageId: number): Promise<void>;
  /** Zulip 7.0's GET /messages/{id}/read_receipts: who has read the message. */
  getReadReceipts(messageId: number): Promise<number[]>;
  /** Zulip's POST /streams/{id}/delete_topic, for administrators: delete_message events follow. */
  deleteTopic(streamId: number, topic: string): Promise<void>;
  /** Zulip's POST /scheduled_messages (feature level 179): the new one's ID; an add event follows. */
  scheduleMessage(message: ScheduledOutgoing): Promise<number>;
  /** Zulip's PATCH /scheduled_messages/{id} (feature level 184); an update event follows. */
  updateScheduledMessage(id: number, change: ScheduledChange): Promise<void>;
  /** Zulip's DELETE /scheduled_messages/{id}; a remove event follows. */
  deleteScheduledMessage(id: number): Promise<void>;
  /** The message as its sender wrote it, in Markdown. */
  getRawContent(messageId: number): Promise<string>;
  /** Every version of the message, the original first. */
  getMessageHistory(messageId: number): Promise<HistorySnapshot[]>;
  markTopicAsRead(streamId: number, topic: string): Promise<void>;
  /** Zulip's POST /typing, to a private conversation's people or a stream's topic. */
  setTyping(op: 'start' | 'stop', to: TypingTarget): Promise<void>;
  /** Zulip's POST /users/me/subscriptions: joins streams by name, creating those that do not exist. */
  subscribe(streams: readonly NewSubscription[], options?: SubscribeOptions): Promise<void>;
  /** Zulip's DELETE /users/me/subscriptions, by stream name. */
  unsubscribe(streamNames: readonly string[]): Promise<void>;
  /** Zulip 7.0's POST /user_topics; the change comes back as a user_topic event. */
  setTopicVisibility(streamId: number, topic: string, policy: TopicVisibility): Promise<void>;
  /** The PATCH /users/me/subscriptions/muted_topics of servers before feature level 170. */
  setTopicMutedLegacy(streamId: number, topic: string, muted: boolean): Promise<void>;
  /** POST /users/me/api_key/regenerate: the new key. */
  regenerateOwnApiKey(): Promise<string>;
  /** Zulip's PATCH /users/{id} with a role number (100 owner … 600 guest). */
  changeUserRole(userId: number, role: number): Promise<void>;
  deactivateUser(userId: number): Promise<void>;
  reactivateUser(userId: number): Promise<void>;
  getInvites(): Promise<InviteRecord[]>;
  /** Zulip's POST /invites/multiuse; a null expiry never expires. */
  createMultiuseInvite(invite: NewMultiuseInvite): Promise<string>;
  revokeMultiuseInvite(inviteId: number): Promise<void>;
  /** Zulip's POST /realm/icon; resolves to the icon's new URL. */
  uploadRealmIcon(image: Uint8Array): Promise<string>;
  /** Back to the server's default icon; resolves to its URL. */
  deleteRealmIcon(): Promise<string>;
  /** Zulip's POST /realm/emoji/{emoji_name}: one image; a realm_emoji event follows. */
  uploadRealmEmoji(name: string, image: Uint8Array): Promise<void>;
  /** Zulip's DELETE /realm/emoji/{emoji_name}, which deactivates it. */
  deleteRealmEmoji(name: string): Promise<void>;
  /** Zulip's PATCH /realm, for administrators; null limits are "unlimited". */
  updateRealm(changes: RealmChanges): Promise<void>;
  setDefaultStream(streamId: number, isDefault: boolean): Promise<void>;
  /** Zulip's POST /user_uploads: resolves to the file's URL on the server, as a message links it. */
  uploadFile(file: FileUpload): Promise<string>;
  /** An uploaded file (`/user_uploads/…`), fetched with the account's credentials. */
  getUploadedFile(path: string, options: FileRequestOptions): Promise<ServerFile>;
  /**
   * Zulip's GET /user_uploads/{realm_id_str}/{filename}: a URL of the file
   * (`/user_uploads/…`) that works for a minute without credentials.
   */
  temporaryUploadUrl(path: string): Promise<string>;
  /** Zulip's GET /users/me/alert_words. */
  getAlertWords(): Promise<string[]>;
  /** Zulip's POST /users/me/alert_words: resolves with the whole list as the server now keeps it. */
  addAlertWords(words: readonly string[]): Promise<string[]>;
  /** Zulip's DELETE /users/me/alert_words: resolves with the whole list as the server now keeps it. */
  removeAlertWords(words: readonly string[]): Promise<string[]>;
  /** Zulip's POST /users/me/muted_users/{id}; a muted_users event follows. */
  muteUser(userId: number): Promise<void>;
  /** Zulip's DELETE /users/me/muted_users/{id}; a muted_users event follows. */
  unmuteUser(userId: number): Promise<void>;
  /** Zulip's POST /drafts: the new drafts' IDs, in order; a drafts `add` event follows. */
  createDrafts(drafts: readonly DraftData[]): Promise<number[]>;
  /** Zulip's PATCH /drafts/{id}: the whole draft replaced; a drafts `update` event follows. */
  editDraft(id: number, draft: DraftData): Promise<void>;
  /** Zulip's DELETE /drafts/{id}; a drafts `remove` event follows. */
  deleteDraft(id: number): Promise<void>;
  /** Zulip's PATCH /streams/{stream_id}, for administrators; stream update events follow. */
  updateStream(streamId: number, changes: StreamChanges): Promise<void>;
  /** Zulip's DELETE /streams/{stream_id}, for administrators; a stream delete event follows. */
  archiveStream(streamId: number): Promise<void>;
  /** Zulip's GET /user_groups. */
  getUserGroups(): Promise<UserGroupRecord[]>;
  /** Zulip's POST /user_groups/create: the new group's ID, where the server says it (Hearth and Zulip 10+). */
  createUserGroup(group: NewUserGroup): Promise<number | null>;
  /** Zulip's PATCH /user_groups/{id}. */
  updateUserGroup(
    groupId: number,
    changes: { name?: string | undefined; description?: string | undefined },
  ): Promise<void>;
  deleteUserGroup(groupId: number): Promise<void>;
  /** Zulip's POST /user_groups/{id}/members. */
  updateUserGroupMembers(
    groupId: number,
    change: { add: readonly number[]; delete: readonly number[] },
  ): Promise<void>;
  /** Zulip's POST /user_groups/{id}/subgroups (Zulip 6.0). */
  updateUserGroupSubgroups(
    groupId: number,
    change: { add: readonly number[]; delete: readonly number[] },
  ): Promise<void>;
  /** Zulip's POST (add) or DELETE (remove) /messages/{id}/reactions. */
  changeReaction(messageId: number, emoji: ReactionEmoji, op: 'add' | 'remove'): Promise<void>;
  /** POST /submessage: a vote, option, task or strike on a message's widget (`content` is its JSON). */
  sendSubmessage(messageId: number, msgType: string, content: string): Promise<void>;
  /** The JSON file register's server_emoji_data_url names (Zulip 6.0): each code's names. */
  getServerEmojiData(url: string): Promise<CodeToNames>;
}

/** An emoji as a reaction names it: Zulip's name, code and namespace. */
export interface ReactionEmoji {
  name: string;
  code: string;
  type: string;
}

/** What POST /users/me/status changes: a part left undefined stays; a null emoji is cleared. */
export interface StatusChange {
  away?: boolean;
  text?: string;
  emoji?: ReactionEmoji | null;
}

const serverEmojiDataSchema = z.looseObject({ code_to_names: codeToNamesSchema });
// The names file is a few hundred kilobytes; anything far larger is not it.
const maxEmojiDataBytes = 4 * 1024 * 1024;

/** PATCH /streams/{stream_id}'s parameters, as Zulip 7.0 names them. */
export type StreamChanges = Partial<{
  new_name: string;
  description: string;
  is_private: boolean;
  history_public_to_subscribers: boolean;
  /** 1 everyone, 2 administrators, 3 full members, 4 administrators and moderators. */
  stream_post_policy: number;
  /** Zulip 10 (feature level 333): who may post, as a group-setting change. */
  can_send_message_group: { new: GroupSettingValue; old?: GroupSettingValue };
}>;

// An element of GET /user_groups (and of register's realm_user_groups).
const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  // Servers before Zulip 6.0 have no system groups and no subgroups.
  is_system_group: z.boolean().optional(),
  direct_subgroup_ids: z.array(z.number().int()).optional(),
});
export type UserGroupRecord = z.infer<typeof userGroupSchema>;

export interface NewUserGroup {
  name: string;
  description: string;
  members: readonly number[];
}

const alertWordsSchema = z.looseObject({ alert_words: z.array(z.string()) });

export interface NewSubscription {
  name: string;
  /** Taken only when the stream is created. */
  description?: string;
}

export interface SubscribeOptions {
  inviteOnly?: boolean;
  /** Post the new streams to the organization's notifications stream. */
  announce?: boolean;
}

// Zulip 7.0's GET /invites entries; only multiuse ones carry a link.
const inviteSchema = z.looseObject({
  id: z.number().int(),
  invited_by_user_id: z.number().int(),
  invited: z.number(),
  expiry_date: z.number().nullable(),
  invited_as: z.number().int(),
  is_multiuse: z.boolean(),
  link_url: z.string().optional(),
  email: z.string().optional(),
});
export type InviteRecord = z.infer<typeof inviteSchema>;

export interface NewMultiuseInvite {
  expiresInMinutes: number | null;
  inviteAs: number;
  /** The channels whoever joins is subscribed to; none: the organization's default channels. */
  streamIds: readonly number[];
}

/** PATCH /realm's parameters, as Zulip names them; a null time limit is no limit. */
export type RealmChanges = Partial<{
  name: string;
  description: string;
  allow_message_editing: boolean;
  message_content_edit_limit_seconds: number | null;
  edit_topic_policy: number;
  move_messages_within_stream_limit_seconds: number | null;
  allow_edit_history: boolean;
  delete_own_message_policy: number;
  message_content_delete_limit_seconds: number | null;
  invite_to_realm_policy: number;
  /** -1 for none. */
  notifications_stream_id: number;
  /** Zulip 9 (feature level 241): the same, renamed. */
  new_stream_announcements_stream_id: number;
  /** Group settings (Zulip 9 and 10): the group that holds the permission now. */
  can_move_messages_between_topics_group: { new: number };
  can_delete_own_message_group: { new: number };
  can_invite_users_group: { new: number };
  /** Zulip 10 (feature level 358), in place of allow_edit_history. */
  message_edit_history_visibility_policy: 'all' | 'moves' | 'none';
  enable_read_receipts: boolean;
}>;

/** Zulip's visibility_policy: 0 follows the stream, 1 muted, 2 unmuted in a muted stream. */
export type TopicVisibility = 0 | 1 | 2;

export type TypingTarget =
  | { kind: 'private'; userIds: readonly number[] }
  | { kind: 'stream'; streamId: number; topic: string };

export interface ApiOptions extends HttpClientOptions {
  /** The server's feature level as its last registration said it; 7.0's until one has. */
  featureLevel?: () => number;
}

// Zulip 8 (feature level 215): a channel's typing goes as stream_id and topic, not `to`.
const typingByStreamIdSince = 215;
// Zulip 9 (feature level 263): a presence report may ask only for what changed.
const presenceUpdatesSince = 263;
// Zulip 10 (feature level 334): reads that carry topics name the empty topic
// "" only when asked to, as register's empty_topic_name capability does for
// events; otherwise the organization's name for it comes as a topic's name.
const emptyTopicNameSince = 334;
// Zulip 10 (feature level 290) deactivates user groups; 294 removed their deletion.
const groupDeactivationSince = 290;
// Zulip 12 (feature level 463): GET /bots/{id}/api_key.
const botApiKeyEndpointSince = 463;
// Zulip 9 (feature level 261): an invitation asks for the default channels by
// a flag of its own, rather than by listing them.
const defaultChannelsFlagSince = 261;

export function createApi(credentials: Credentials, options: ApiOptions = {}): Api {
  const { featureLevel = () => zulip7FeatureLevel, ...httpOptions } = options;
  const http: HttpClient = createHttpClient(credentials, httpOptions);
  const emptyTopic = () =>
    featureLevel() >= emptyTopicNameSince ? { allow_empty_topic_name: true } : {};
  return {
    ...linkifierApi(http, featureLevel),
    async getServerSettings() {
      const settings = await http.request('GET', 'server_settings', {}, serverSettingsSchema);
      return { realmName: settings.realm_name, realmUri: settings.realm_uri };
    },
    getIdentity: () => http.request('GET', 'users/me', {}, identitySchema),
    async getSubscriptions() {
      const response = await http.request(
        'GET',
        'users/me/subscriptions',
        {},
        subscriptionsResponseSchema,
      );
      return response.subscriptions;
    },
    register: () =>
      http.request(
        'POST',
        'register',
        { apply_markdown: true, client_gravatar: false, client_capabilities: clientCapabilities },
        registeredSchema,
        // Registering changes nothing the client could send twice.
        { retryRateLimited: true },
      ),
    async getEvents({ queueId, lastEventId, dontBlock, signal, timeoutMs }) {
      const response = await http.request(
        'GET',
        'events',
        { queue_id: queueId, last_event_id: lastEventId, dont_block: dontBlock },
        eventsResponseSchema,
        { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) },
      );
      return response.events;
    },
    async deleteQueue(queueId, options = {}) {
      await http.request('DELETE', 'events', { queue_id: queueId }, apiSuccessSchema, options);
    },
    async sendStreamMessage({ stream, topic, content }) {
      const sent = await http.request(
        'POST',
        'messages',
        { type: 'stream', to: stream, topic, content },
        sentSchema,
      );
      return sent.id;
    },
    async getNewestMessages(narrow, count) {
      const response = await http.request(
        'GET',
        'messages',
        {
          anchor: 'newest',
          num_before: count,
          num_after: 0,
          narrow,
          apply_markdown: true,
          ...emptyTopic(),
        },
        messagesResponseSchema,
      );
      return response.messages;
    },
    getMessages: ({ anchor, numBefore, numAfter, narrow, includeAnchor, applyMarkdown }) =>
      http.request(
        'GET',
        'messages',
        {
          anchor,
          num_before: numBefore,
          num_after: numAfter,
          narrow,
          apply_markdown: applyMarkdown ?? true,
          ...(includeAnchor === undefined ? {} : { include_anchor: includeAnchor }),
          ...emptyTopic(),
        },
        messagesResponseSchema,
      ),
    async searchMessages({ anchor, numBefore, numAfter, narrow }) {
      const answer = await http.request(
        'GET',
        'messages',
        {
          anchor,
          num_before: numBefore,
          num_after: numAfter,
          narrow,
          apply_markdown: true,
          ...emptyTopic(),
        },
        searchAnswerSchema,
      );
      return {
        messages: answer.messages.map((found) => {
          const message: Message & {
            match_content?: string | undefined;
            match_subject?: string | undefined;
          } = {
            ...found,
          };
          delete message.match_content;
          delete message.match_subject;
          return message;
        }),
        matches: answer.messages.map((message) => ({
          id: message.id,
          content: message.match_content ?? null,
          subject: message.match_subject ?? null,
        })),
      };
    },
    async sendMessage({ to, content, queueId, localId }) {
      // "direct" rather than the deprecated "private": feature level 174,
      // below the oldest server Hearth speaks to.
      const destination =
        'streamId' in to
          ? { type: 'stream', to: to.streamId, topic: to.topic }
          : { type: 'direct', to: [...to.userIds] };
      const sent = await http.request(
        'POST',
        'messages',
        {
          ...destination,
          content,
          ...(queueId === undefined ? {} : { queue_id: queueId }),
          ...(localId === undefined ? {} : { local_id: localId }),
        },
        sentSchema,
      );
      return sent.id;
    },
    async renderMessage(content) {
      return (await http.request('POST', 'messages/render', { content }, renderedSchema)).rendered;
    },
    async getStreamTopics(streamId) {
      return (await http.request('GET', `users/me/${streamId}/topics`, emptyTopic(), topicsSchema))
        .topics;
    },
    async getOwnBots() {
      return (await http.request('GET', 'bots', {}, ownBotsSchema)).bots;
    },
    async getMembers() {
      return (await http.request('GET', 'users', {}, membersSchema)).members;
    },
    async createBot({ fullName, shortName, botType, payloadUrl, interfaceType }) {
      const created = await http.request(
        'POST',
        'bots',
        {
          full_name: fullName,
          short_name: shortName,
          bot_type: botType,
          // Zulip reads the URL as JSON, as its own web app sends it.
          ...(payloadUrl === undefined ? {} : { payload_url: JSON.stringify(payloadUrl) }),
          ...(interfaceType === undefined ? {} : { interface_type: interfaceType }),
        },
        createdBotSchema,
      );
      return created.user_id;
    },
    async getBotApiKey(botId) {
      if (featureLevel() < botApiKeyEndpointSince) return null;
      const schema = z.looseObject({ api_key: z.string().min(1) });
      return (await http.request('GET', `bots/${botId}/api_key`, {}, schema)).api_key;
    },
    async regenerateBotApiKey(botId) {
      await http.request('POST', `bots/${botId}/api_key/regenerate`, {}, apiSuccessSchema);
    },
    async deactivateBot(botId) {
      await http.request('DELETE', `bots/${botId}`, {}, apiSuccessSchema);
    },
    postWebhook: (url, payload, headers) =>
      http.postJson(url, payload, webhookAnswerSchema, { headers }),
    async getStreamId(name) {
      return (await http.request('GET', 'get_stream_id', { stream: name }, streamIdSchema))
        .stream_id;
    },
    async updateSettings(settings) {
      await http.request('PATCH', 'settings', settings, apiSuccessSchema);
    },
    async regenerateOwnApiKey() {
      const schema = z.looseObject({ api_key: z.string().min(1) });
      return (await http.request('POST', 'users/me/api_key/regenerate', {}, schema)).api_key;
    },
    async changeUserRole(userId, role) {
      await http.request('PATCH', `users/${userId}`, { role }, apiSuccessSchema);
    },
    async deactivateUser(userId) {
      await http.request('DELETE', `users/${userId}`, {}, apiSuccessSchema);
    },
    async reactivateUser(userId) {
      await http.request('POST', `users/${userId}/reactivate`, {}, apiSuccessSchema);
    },
    async getInvites() {
      const schema = z.looseObject({ invites: z.array(inviteSchema) });
      return (await http.request('GET', 'invites', {}, schema)).invites;
    },
    async createMultiuseInvite({ expiresInMinutes, inviteAs, streamIds }) {
      const schema = z.looseObject({ invite_link: z.string() });
      const params = {
        // JSON null is Zulip's "never expires".
        invite_expires_in_minutes: expiresInMinutes ?? 'null',
        invite_as: inviteAs,
        stream_ids: [...streamIds],
        // A Hearth host gives an invitation that lists no channels the default ones.
        ...(featureLevel() >= defaultChannelsFlagSince
          ? { include_realm_default_subscriptions: streamIds.length === 0 }
          : {}),
      };
      return (await http.request('POST', 'invites/multiuse', params, schema)).invite_link;
    },
    async revokeMultiuseInvite(inviteId) {
      await http.request('DELETE', `invites/multiuse/${inviteId}`, {}, apiSuccessSchema);
    },
    async uploadRealmIcon(image) {
      const schema = z.looseObject({ icon_url: z.string() });
      const file = { filename: 'icon', data: image };
      return (await http.request('POST', 'realm/icon', {}, schema, { file })).icon_url;
    },
    async deleteRealmIcon() {
      const schema = z.looseObject({ icon_url: z.string() });
      return (await http.request('DELETE', 'realm/icon', {}, schema)).icon_url;
    },
    async uploadRealmEmoji(name, image) {
      const file = { filename: name, data: image };
      const path = `realm/emoji/${encodeURIComponent(name)}`;
      await http.request('POST', path, {}, apiSuccessSchema, { file });
    },
    async deleteRealmEmoji(name) {
      const path = `realm/emoji/${encodeURIComponent(name)}`;
      await http.request('DELETE', path, {}, apiSuccessSchema);
    },
    async updateRealm(changes) {
      // Zulip reads "no limit" as the JSON string "unlimited", never as null,
      // and a group setting's change as JSON.
      const params = Object.fromEntries(
        Object.entries(changes).map(([name, value]) => [
          name,
          value === null
            ? JSON.stringify('unlimited')
            : typeof value === 'object'
              ? JSON.stringify(value)
              : value,
        ]),
      );
      await http.request('PATCH', 'realm', params, apiSuccessSchema);
    },
    async setDefaultStream(streamId, isDefault) {
      const method = isDefault ? 'POST' : 'DELETE';
      await http.request(method, 'default_streams', { stream_id: streamId }, apiSuccessSchema);
    },
    async getAlertWords() {
      return (await http.request('GET', 'users/me/alert_words', {}, alertWordsSchema)).alert_words;
    },
    async addAlertWords(words) {
      const params = { alert_words: [...words] };
      return (await http.request('POST', 'users/me/alert_words', params, alertWordsSchema))
        .alert_words;
    },
    async removeAlertWords(words) {
      const params = { alert_words: [...words] };
      return (await http.request('DELETE', 'users/me/alert_words', params, alertWordsSchema))
        .alert_words;
    },
    async muteUser(userId) {
      await http.request('POST', `users/me/muted_users/${userId}`, {}, apiSuccessSchema);
    },
    async unmuteUser(userId) {
      await http.request('DELETE', `users/me/muted_users/${userId}`, {}, apiSuccessSchema);
    },
    async createDrafts(drafts) {
      const schema = z.looseObject({ ids: z.array(z.number().int()) });
      return (await http.request('POST', 'drafts', { drafts }, schema)).ids;
    },
    async editDraft(id, draft) {
      await http.request('PATCH', `drafts/${id}`, { draft }, apiSuccessSchema);
    },
    async deleteDraft(id) {
      await http.request('DELETE', `drafts/${id}`, {}, apiSuccessSchema);
    },
    async updateStream(streamId, changes) {
      await http.request('PATCH', `streams/${streamId}`, changes, apiSuccessSchema);
    },
    async archiveStream(streamId) {
      await http.request('DELETE', `streams/${streamId}`, {}, apiSuccessSchema);
    },
    async getUserGroups() {
      const schema = z.looseObject({ user_groups: z.array(userGroupSchema) });
      return (await http.request('GET', 'user_groups', {}, schema)).user_groups;
    },
    async createUserGroup({ name, description, members }) {
      const schema = z.looseObject({ group_id: z.number().int().optional() });
      const params = { name, description, members: [...members] };
      return (await http.request('POST', 'user_groups/create', params, schema)).group_id ?? null;
    },
    async updateUserGroup(groupId, changes) {
      await http.request('PATCH', `user_groups/${groupId}`, changes, apiSuccessSchema);
    },
    async deleteUserGroup(groupId) {
      if (featureLevel() >= groupDeactivationSince) {
        await http.request('POST', `user_groups/${groupId}/deactivate`, {}, apiSuccessSchema);
      } else {
        await http.request('DELETE', `user_groups/${groupId}`, {}, apiSuccessSchema);
      }
    },
    async updateUserGroupMembers(groupId, change) {
      const params = { add: [...change.add], delete: [...change.delete] };
      await http.request('POST', `user_groups/${groupId}/members`, params, apiSuccessSchema);
    },
    async updateUserGroupSubgroups(groupId, change) {
      const params = { add: [...change.add], delete: [...change.delete] };
      await http.request('POST', `user_groups/${groupId}/subgroups`, params, apiSuccessSchema);
    },
    async changeReaction(messageId, { name, code, type }, op) {
      await http.request(
        op === 'add' ? 'POST' : 'DELETE',
        `messages/${messageId}/reactions`,
        { emoji_name: name, emoji_code: code, reaction_type: type },
        apiSuccessSchema,
      );
    },
    async sendSubmessage(messageId, msgType, content) {
      await http.request(
        'POST',
        'submessage',
        { message_id: messageId, msg_type: msgType, content },
        apiSuccessSchema,
      );
    },
    async getServerEmojiData(url) {
      // A static file, which Zulip may serve from elsewhere: the key never goes with it.
      let response: Response;
      try {
        response = await (options.fetch ?? globalThis.fetch)(url, {
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new NetworkError(`GET ${url} failed: ${String(error)}`, { cause: error });
      }
      if (!response.ok) {
        throw new NotZulipError(response.status, `GET ${url} answered HTTP ${response.status}`);
      }
      const text = await response.text();
      if (text.length > maxEmojiDataBytes) throw new ProtocolError(`GET ${url}: too large`);
      const parsed = serverEmojiDataSchema.safeParse(safeJsonOf(text));
      if (!parsed.success) throw new ProtocolError(`GET ${url}: not Zulip's emoji data`);
      return parsed.data.code_to_names;
    },
    async uploadFile({ name, data, type, maxBytes, onProgress, signal }) {
      if (maxBytes != null && data.length > maxBytes) {
        // Zulip's own words for a file past its limit.
        throw new FileTooLargeError(
          mt('main.uploads.overLimit', { mib: Math.round((maxBytes / mib) * 100) / 100 }),
          data.length,
          maxBytes,
        );
      }
      const answer = await http.request('POST', 'user_uploads', {}, uploadedSchema, {
        file: { filename: name, data, type },
        timeoutMs: uploadTimeoutMs,
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
      return answer.url ?? answer.uri ?? '';
    },
    getUploadedFile: (path, options) => http.getFile(path, options),
    async temporaryUploadUrl(path) {
      const answer = await http.request('GET', path, {}, temporaryUrlSchema);
      return answer.url;
    },
    async setSubscriptionProperty(streamId, property, value) {
      await http.request(
        'POST',
        'users/me/subscriptions/properties',
        { subscription_data: [{ stream_id: streamId, property, value }] },
        apiSuccessSchema,
      );
    },
    async updateMessageFlags(messageIds, op, flag) {
      await http.request(
        'POST',
        'messages/flags',
        { messages: [...messageIds], op, flag },
        apiSuccessSchema,
      );
    },
    updatePresence: (status, lastUpdateId) =>
      http.request(
        'POST',
        'users/me/presence',
        {
          status,
          new_user_input: status === 'active',
          slim_presence: true,
          ...(lastUpdateId !== undefined && featureLevel() >= presenceUpdatesSince
            ? { last_update_id: lastUpdateId }
            : {}),
        },
        presenceAnswerSchema,
      ),
    async updateStatus({ away, text, emoji }) {
      const params = {
        ...(away !== undefined ? { away } : {}),
        ...(text !== undefined ? { status_text: text } : {}),
        // Zulip's web app clears the emoji by its empty name.
        ...(emoji === null ? { emoji_name: '' } : {}),
        ...(emoji
          ? { emoji_name: emoji.name, emoji_code: emoji.code, reaction_type: emoji.type }
          : {}),
      };
      await http.request('POST', 'users/me/status', params, apiSuccessSchema);
    },
    async markAllAsRead() {
      await untilComplete(() => http.request('POST', 'mark_all_as_read', {}, partialSchema));
    },
    async updateMessage(messageId, { content, topic, propagateMode, streamId }) {
      await http.request(
        'PATCH',
        `messages/${messageId}`,
        {
          ...(content === undefined ? {} : { content }),
          ...(topic === undefined ? {} : { topic }),
          ...(propagateMode === undefined ? {} : { propagate_mode: propagateMode }),
          ...(streamId === undefined ? {} : { stream_id: streamId }),
        },
        apiSuccessSchema,
      );
    },
    async deleteMessage(messageId) {
      await http.request('DELETE', `messages/${messageId}`, {}, apiSuccessSchema);
    },
    async getReadReceipts(messageId) {
      const path = `messages/${messageId}/read_receipts`;
      return (await http.request('GET', path, {}, readReceiptsSchema)).user_ids;
    },
    async deleteTopic(streamId, topic) {
      const path = `streams/${streamId}/delete_topic`;
      await untilComplete(() => http.request('POST', path, { topic_name: topic }, partialSchema));
    },
    async scheduleMessage({ to, content, deliverAt }) {
      const params = {
        ...scheduledDestination(to),
        content,
        scheduled_delivery_timestamp: deliverAt,
      };
      return (await http.request('POST', 'scheduled_messages', params, scheduledIdSchema))
        .scheduled_message_id;
    },
    async updateScheduledMessage(id, { to, content, deliverAt }) {
      const params = {
        ...(to ? scheduledDestination(to) : {}),
        ...(content !== undefined ? { content } : {}),
        ...(deliverAt !== undefined ? { scheduled_delivery_timestamp: deliverAt } : {}),
      };
      await http.request('PATCH', `scheduled_messages/${id}`, params, apiSuccessSchema);
    },
    async deleteScheduledMessage(id) {
      await http.request('DELETE', `scheduled_messages/${id}`, {}, apiSuccessSchema);
    },
    async getRawContent(messageId) {
      const answer = await http.request(
        'GET',
        `messages/${messageId}`,
        { apply_markdown: false, ...emptyTopic() },
        singleMessageSchema,
      );
      return answer.raw_content ?? answer.message.content;
    },
    async getMessageHistory(messageId) {
      return (
        await http.request('GET', `messages/${messageId}/history`, emptyTopic(), historySchema)
      ).message_history;
    },
    async setTyping(op, to) {
      // "direct" (feature level 174): servers from 215 refuse "private".
      const params =
        to.kind === 'private'
          ? { type: 'direct', op, to: [...to.userIds] }
          : featureLevel() >= typingByStreamIdSince
            ? { type: 'stream', op, stream_id: to.streamId, topic: to.topic }
            : { type: 'stream', op, to: [to.streamId], topic: to.topic };
      await http.request('POST', 'typing', params, apiSuccessSchema);
    },
    async markStreamAsRead(streamId) {
      await http.request('POST', 'mark_stream_as_read', { stream_id: streamId }, apiSuccessSchema);
    },
    async markTopicAsRead(streamId, topic) {
      // Older copies of Zulip's mark_topic_as_read took an empty topic_name
      // for "the whole channel"; the empty topic (general chat) is marked
      // through a narrow that names it, which no server reads another way.
      if (topic === '' && featureLevel() >= emptyTopicNameSince) {
        let anchor: number | 'oldest' = 'oldest';
        for (let round = 0; round < partialRounds; round++) {
          const answer: z.output<typeof flagsForNarrowSchema> = await http.request(
            'POST',
            'messages/flags/narrow',
            {
              anchor: String(anchor),
              include_anchor: anchor === 'oldest',
              num_before: 0,
              num_after: flagsForNarrowBatch,
              narrow: [
                { operator: 'channel', operand: streamId },
                { operator: 'topic', operand: '' },
                { operator: 'is', operand: 'unread' },
              ],
              op: 'add',
              flag: 'read',
            },
            flagsForNarrowSchema,
          );
          if (answer.found_newest || answer.last_processed_id === null) return;
          anchor = answer.last_processed_id;
        }
        return;
      }
      await http.request(
        'POST',
        'mark_topic_as_read',
        { stream_id: streamId, topic_name: topic },
        apiSuccessSchema,
      );
    },
    async subscribe(streams, { inviteOnly, announce } = {}) {
      await http.request(
        'POST',
        'users/me/subscriptions',
        {
          subscriptions: streams.map((stream) => ({ ...stream })),
          ...(inviteOnly === undefined ? {} : { invite_only: inviteOnly }),
          ...(announce === undefined ? {} : { announce }),
        },
        apiSuccessSchema,
      );
    },
    async unsubscribe(streamNames) {
      await http.request(
        'DELETE',
        'users/me/subscriptions',
        { subscriptions: [...streamNames] },
        apiSuccessSchema,
      );
    },
    async setTopicVisibility(streamId, topic, policy) {
      await http.request(
        'POST',
        'user_topics',
        { stream_id: streamId, topic, visibility_policy: policy },
        apiSuccessSchema,
      );
    },
    async setTopicMutedLegacy(streamId, topic, muted) {
      await http.request(
        'PATCH',
        'users/me/subscriptions/muted_topics',
        { stream_id: streamId, topic, op: muted ? 'add' : 'remove' },
        apiSuccessSchema,
      );
    },
  };
}

function safeJsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
