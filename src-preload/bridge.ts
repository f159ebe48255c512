import { z } from 'zod';
import { windowLanguageCodes } from '../src-main/i18n/languages';
import { hearthSounds, messageSchema } from '../src-main/wire';
import { alertWordBridgeCalls } from './alertWordCalls';
import { composeBridgeCalls } from './composeCalls';
import { confirmedResult } from './confirmed';
import { customEmojiBridgeCalls } from './customEmojiCalls';
import { destinationSchema, outboxTargetSchema } from './destinations';
import { draftBridgeCalls } from './draftCalls';
import { hostingBridgeCalls } from './hostingCalls';
import { linkifierBridgeCalls, linkifierSchema, playgroundViewSchema } from './linkifierCalls';
import { mutedUserBridgeCalls } from './mutedUserCalls';
import { connectionProblemSchema, networkBridgeCalls, reachProblemSchema } from './networkCalls';
import { organizationBridgeCalls } from './organizationCalls';
import { peopleBridgeCalls, roleSchema } from './peopleCalls';
import { reactionBridgeCalls, reactionChipSchema } from './reactionCalls';
import { personStatusSchema, statusBridgeCalls } from './statusCalls';
import { readReceiptBridgeCalls, readReceiptSettingsSchema } from './readReceiptCalls';
import { scheduledMessageBridgeCalls, scheduledMessageViewSchema } from './scheduledMessageCalls';
import { streamBridgeCalls, streamName, topicName } from './streamCalls';
import { topicDeletionBridgeCalls } from './topicDeletionCalls';
import { uploadBridgeCalls, uploadBridgeEvents } from './uploadCalls';
import { userGroupBridgeCalls } from './userGroupCalls';
import { messageWidgetSchema, widgetBridgeCalls } from './widgetCalls';
export { maxUploadBytes } from './uploadCalls';
export type { AlertWordList } from './alertWordCalls';
export type { MutedPerson } from './mutedUserCalls';
export type { Linkifier, PlaygroundView } from './linkifierCalls';
export type { ComposeCheck, ComposeRefusal, ComposeTarget } from './composeCalls';
export type { CustomEmoji, CustomEmojiPage } from './customEmojiCalls';
export { maxCustomEmojiBytes } from './customEmojiCalls';
export type { GroupMember, GroupRef, UserGroupsPage, UserGroupView } from './userGroupCalls';
export type { HostingPage, ZulipExport, ZulipVersion } from './hostingCalls';
export type {
  CertificateDetails,
  ConnectionProblem,
  NetworkSettings,
  ReachProblem,
  UntrustedReason,
} from './networkCalls';
export type { ProxySetting } from '../src-main/client/network/proxySetting';
export type { OrganizationChange, OrganizationSettings } from './organizationCalls';
export type { Invitation, PeoplePage, Person } from './peopleCalls';
export type { EmojiPicker, PickerEmoji, ReactionChip } from './reactionCalls';
export type { PersonStatus, StatusEmoji } from './statusCalls';
export type { ReadReceipts, ReadReceiptSettings } from './readReceiptCalls';
export type { ScheduledMessageView } from './scheduledMessageCalls';
export type { MessageWidget, PollView, TodoView, WidgetAction } from './widgetCalls';

export type { Subscription, RecipientUser, MentionFlag } from '../src-main/wire';

// A message as the window gets it: the wire's, with its reactions shaped into
// chips by main (names, counts, whether the viewer reacted), and its poll or
// to-do list as its submessages leave it.
export const feedMessageSchema = messageSchema.extend({
  reactionChips: z.array(reactionChipSchema).optional(),
  widget: messageWidgetSchema.optional(),
});
export type Message = z.infer<typeof feedMessageSchema>;
export type {
  BrowsedStream,
  MutedTopic,
  StreamAdminChange,
  StreamAdminSettings,
  StreamNotification,
  StreamNotificationProperty,
  StreamPostPolicy,
  StreamSettings,
  SubscriptionChange,
} from './streamCalls';

// The one contract between the untrusted renderer and the main side. Main
// registers a handler for every entry of `bridgeCalls` and parses its argument
// with the entry's schema; the preload (and the WebSocket harness) expose
// exactly these names. The renderer imports only the types below.

// How an account's link to its server stands. `catching-up`: the queue was
// lost (sleep, restart, time-out) and missed messages are being fetched.
export const connectionStateSchema = z.enum(['connecting', 'connected', 'offline', 'catching-up']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const connectionSchema = z.object({
  state: connectionStateSchema,
  /** Epoch ms since which the server has been unreachable; null while reachable. */
  offlineSince: z.number().nullable(),
  /** Epoch ms of the last answer from the event queue; null before any. */
  lastSyncAt: z.number().nullable(),
  /** While catching up: how many missed messages are fetched so far. */
  caughtUp: z.number().int().nullable(),
  /** Why Hearth refuses to connect although the server answers (its certificate changed). */
  warning: z.string().nullable(),
  /** What the person can do about it: decide again on the certificate, or give the proxy credentials. */
  problem: connectionProblemSchema.nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const accountSummarySchema = z.object({
  id: z.string(),
  serverUrl: z.string(),
  email: z.string(),
  realmName: z.string(),
  /** An image the window may show as the organization's icon (a data: URL), or null for initials. */
  realmIcon: z.string().nullable(),
  /** The organization hosted on this computer. */
  hosted: z.boolean(),
  unreadCount: z.number().int(),
  connection: connectionSchema,
  /** No keychain answered: the key lives in memory for this run only. */
  keyInMemoryOnly: z.boolean(),
  /** The key is gone (a restart without a keychain): the password or key must be given again. */
  needsSignIn: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const doNotDisturbSchema = z.object({
  /** Epoch ms when it ends by itself; null when it lasts until turned off. */
  until: z.number().nullable(),
});
export type DoNotDisturb = z.infer<typeof doNotDisturbSchema>;

// This computer's choices for the app itself.
export const appPreferencesSchema = z.object({
  /** Closing the window keeps the app in the tray, even when it hosts nothing. */
  keepInTray: z.boolean(),
  startAtLogin: z.boolean(),
  /** Spell-checking in the compose box, in the system's languages. */
  spellcheck: z.boolean(),
  /** Update Hearth automatically while it hosts an organization (installing stops the host). */
  updateWhileHosting: z.boolean(),
});
export type AppPreferences = z.infer<typeof appPreferencesSchema>;

export const appStateSchema = z.object({
  accounts: z.array(accountSummarySchema),
  activeAccountId: z.string().nullable(),
  /** The dock, taskbar and tray count: each account by its desktop_icon_count_display, summed. */
  badge: z.number().int(),
  /** On while it silences notifications and sounds; null when off. */
  doNotDisturb: doNotDisturbSchema.nullable(),
  /** This computer's organization; null when it hosts none. */
  hosting: z.enum(['running', 'stopped']).nullable(),
  preferences: appPreferencesSchema,
});
export type AppState = z.infer<typeof appStateSchema>;

// What the feed shows: every message of the server, a stream, one of its
// topics, a private conversation (by the other participants' IDs), or Zulip's
// views of the messages that mention the reader, that they starred, and all
// their direct messages.
export const narrowSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('mentioned') }),
  z.object({ kind: z.literal('starred') }),
  z.object({ kind: z.literal('dms') }),
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int().positive(),
    topic: topicName.optional(),
  }),
  z.object({
    kind: z.literal('private'),
    userIds: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type Narrow = z.infer<typeof narrowSchema>;

export const sidebarTopicSchema = z.object({
  name: z.string(),
  unread: z.number().int(),
  muted: z.boolean(),
});
// A channel folder (Zulip 11, feature level 389), in the organization's order.
export const channelFolderSchema = z.object({ id: z.number().int(), name: z.string() });
export type ChannelFolderRow = z.infer<typeof channelFolderSchema>;

export const sidebarStreamSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  color: z.string(),
  muted: z.boolean(),
  pinned: z.boolean(),
  unread: z.number().int(),
  /** Most recently active first. */
  topics: z.array(sidebarTopicSchema),
  /** Whether messages here may go without a topic, must have one, or go only without (Zulip's topics_policy). */
  topicsPolicy: z.enum(['allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']),
  /** The channel folder it is filed in (Zulip 11); null for none. */
  folderId: z.number().int().nullable(),
});
export type SidebarStream = z.infer<typeof sidebarStreamSchema>;
export type TopicsPolicy = SidebarStream['topicsPolicy'];

export const sidebarUserSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  isBot: z.boolean(),
  /** A guest whose name the organization asks to follow with "(guest)" (Zulip 8, feature level 216). */
  guest: z.boolean().optional(),
  /** The reader muted them: Zulip leaves them out of the people list and of completion. */
  muted: z.boolean().optional(),
  /** Unread private messages from this user alone. */
  unread: z.number().int(),
  /** As the server last said, aged by Zulip's offline threshold; offline while the server is unreachable. */
  presence: z.enum(['active', 'idle', 'offline']),
  /** Their status text and emoji (Zulip's user_status); absent when they set none. */
  status: personStatusSchema.optional(),
  /** They set themselves unavailable (Zulip's deprecated `away`): shown so whatever their presence. */
  away: z.boolean().optional(),
});
export type SidebarUser = z.infer<typeof sidebarUserSchema>;

export const sidebarConversationSchema = z.object({
  /** As a private narrow names it: the others, or the reader alone. */
  userIds: z.array(z.number().int()),
  names: z.array(z.string()),
  unread: z.number().int(),
});
export type SidebarConversation = z.infer<typeof sidebarConversationSchema>;

// A line of Zulip's Recent conversations view.
export const recentConversationSchema = z.object({
  narrow: narrowSchema,
  /** The topic's stream; null for a private conversation. */
  stream: z.object({ name: z.string(), color: z.string() }).nullable(),
  topic: z.string(),
  /** The other people of a private conversation (the reader alone for notes to oneself); empty for a topic. */
  dmNames: z.array(z.string()),
  /** Who wrote the latest messages, the latest writer first. */
  participants: z.array(z.object({ userId: z.number().int(), fullName: z.string() })),
  unread: z.number().int(),
  /** A muted stream or topic: shown dimmed. */
  muted: z.boolean(),
  /** When the latest message was sent (seconds since the epoch); null when none is held. */
  timestamp: z.number().nullable(),
});
export type RecentConversation = z.infer<typeof recentConversationSchema>;

// What one channel lets the reader do to its messages: the organization's
// grants together with the channel's own (Zulip 11's channel permissions).
export const channelMessageRulesSchema = z.object({
  /** The channel is archived (Zulip 10): its messages take no change, no reaction, no reply. */
  archived: z.boolean(),
  editTopic: z.boolean(),
  moveBetweenStreams: z.boolean(),
  resolveTopic: z.boolean(),
  deleteAny: z.boolean(),
  deleteOwn: z.boolean(),
});
export type ChannelMessageRules = z.infer<typeof channelMessageRulesSchema>;

// What the organization lets the reader do to messages (Zulip's realm
// settings and the reader's role); limits are seconds after sending, null for none.
export const messageRulesSchema = z.object({
  /** The reader may edit the content of their own messages. */
  editContent: z.boolean(),
  editContentLimit: z.number().nullable(),
  /** The reader may edit the topic of any stream message. */
  editTopic: z.boolean(),
  editTopicLimit: z.number().nullable(),
  /** The reader may move stream messages to another stream (Zulip's move_messages_between_streams_policy). */
  moveBetweenStreams: z.boolean(),
  moveBetweenStreamsLimit: z.number().nullable(),
  /** The reader may mark a topic resolved, or no longer. */
  resolveTopic: z.boolean(),
  resolveTopicLimit: z.number().nullable(),
  /** The reader deletes any message. */
  deleteAny: z.boolean(),
  /** The reader may delete their own messages. */
  deleteOwn: z.boolean(),
  deleteOwnLimit: z.number().nullable(),
  /** Earlier versions of a message may be looked at. */
  editHistory: z.boolean(),
  /** Each known channel's rules, by stream ID, where they are the channel's to set. */
  channels: z.record(z.string(), channelMessageRulesSchema),
});
export type MessageRules = z.infer<typeof messageRulesSchema>;

// One version of a message, as its edit history shows it; HTML is the server's, sanitized by the window.
export const messageVersionSchema = z.object({
  topic: z.string(),
  /** What changed the topic, when this edit did. */
  previousTopic: z.string().nullable(),
  renderedContent: z.string().nullable(),
  /** The changes to the content, marked up by the server; null when the content did not change. */
  contentDiff: z.string().nullable(),
  /** Who wrote this version; null when the server does not say. */
  author: z.string().nullable(),
  timestamp: z.number(),
});
export type MessageVersion = z.infer<typeof messageVersionSchema>;

// How the compose box behaves: Zulip's enter_sends setting and the server's limits.
export const composeRulesSchema = z.object({
  /** Enter sends (Shift+Enter adds a line); otherwise Enter adds a line and Ctrl+Enter sends. */
  enterSends: z.boolean(),
  /** The longest message the server takes, in UTF-8 bytes. */
  maxMessageBytes: z.number().int(),
  /** The longest topic, in characters. */
  maxTopicLength: z.number().int(),
  /** The largest file the compose box sends, in bytes: the server's max_file_upload_size_mib, at most what the bridge carries. */
  maxUploadBytes: z.number().int(),
  /** What the empty topic is called here (Zulip's realm_empty_topic_display_name, "general chat"). */
  emptyTopicName: z.string(),
  /** The mentions of everyone the server knows (@**all** and its kin), with what each notifies. */
  wildcards: z.array(z.object({ name: z.string(), detail: z.string() })),
});
export type ComposeRules = z.infer<typeof composeRulesSchema>;

// An emoji the compose box offers after ":": Unicode (`glyph`) or the organization's own (`url`).
export const emojiChoiceSchema = z.object({
  name: z.string(),
  glyph: z.string().nullable(),
  url: z.string().nullable(),
});
export type EmojiChoice = z.infer<typeof emojiChoiceSchema>;

// People typing in one conversation: a stream's topic or a private conversation.
export const typingConversationSchema = z.object({
  narrow: narrowSchema,
  names: z.array(z.string()),
});
export type TypingConversation = z.infer<typeof typingConversationSchema>;

// Zulip's display settings that change the window, as the account's server
// last said (its user_settings events keep them current).
export const displaySettingsSchema = z.object({
  /** Zulip's color_scheme: follow the system's, or always dark or light. */
  theme: z.enum(['automatic', 'dark', 'light']),
  /** Zulip's twenty_four_hour_time; null (Zulip 11, feature level 408) follows the locale's clock. */
  twentyFourHourTime: z.boolean().nullable(),
  /**
   * Zulip's dense_mode: the feed packs its messages tighter. Null where the
   * server has no such setting (Zulip 10 removed it, feature level 364).
   */
  denseMode: z.boolean().nullable(),
  /**
   * Zulip's default_language, as the server writes it (`de`, `pt_BR`,
   * `zh-hans`): the window speaks it where it can. Null where the server
   * sends none.
   */
  language: z.string().nullable(),
});
export type DisplaySettings = z.infer<typeof displaySettingsSchema>;

// A change the window asks for: a setting is set to a value, never to null.
// The time zone (Zulip's timezone, shown as the snapshot's `timezone`) is an
// IANA name: Zulip keeps no way back to the computer's own.
export const displayPatchSchema = displaySettingsSchema
  .extend({
    twentyFourHourTime: z.boolean(),
    denseMode: z.boolean(),
    /** One of the window's languages (src-main/i18n/languages.ts); main writes it as the server's code. */
    language: z.string().min(1).max(20),
    timezone: z.string().min(1).max(100),
  })
  .partial();
export type DisplayPatch = z.infer<typeof displayPatchSchema>;

// Whether the reader groups channels by folder: in the sidebar (Zulip 11's
// web_left_sidebar_show_channel_folders, feature level 411) and in the Inbox
// (Zulip 12's web_inbox_show_channel_folders, 431). Null where the server has
// no such setting; its user_settings events keep them current.
export const folderGroupingSchema = z.object({
  sidebar: z.boolean().nullable(),
  inbox: z.boolean().nullable(),
});
export type FolderGrouping = z.infer<typeof folderGroupingSchema>;

export { roleSchema };
export type Role = z.infer<typeof roleSchema>;

export const snapshotSchema = z.object({
  accountId: z.string(),
  user: z.object({
    userId: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    /** The reader's own status; absent when none is set. */
    status: personStatusSchema.optional(),
    /** The reader is unavailable to others (presence_enabled off). */
    away: z.boolean().optional(),
  }),
  realmName: z.string(),
  streams: z.array(sidebarStreamSchema),
  /** The channel folders the sidebar groups channels under, in their order: none where the reader chose not to. */
  folders: z.array(channelFolderSchema),
  folderGrouping: folderGroupingSchema,
  /** The archived channels the reader can see (Zulip 10): their history opens read-only. */
  archivedChannels: z.array(z.object({ streamId: z.number().int(), name: z.string() })),
  users: z.array(sidebarUserSchema),
  /** The latest private conversations, newest first. */
  dms: z.array(sidebarConversationSchema),
  /** Unread counts of the views: messages that mention the reader, and all direct messages. */
  unread: z.object({ mentions: z.number().int(), dms: z.number().int() }),
  connection: connectionSchema,
  /** Where the window was when this account was last open. */
  lastNarrow: narrowSchema.nullable(),
  messageRules: messageRulesSchema,
  /** What else the organization lets the reader do, for the window to offer only that. */
  may: z.object({
    createPublicChannel: z.boolean(),
    createPrivateChannel: z.boolean(),
    inviteByEmail: z.boolean(),
    createInviteLink: z.boolean(),
    addCustomEmoji: z.boolean(),
    sendDirectMessage: z.boolean(),
    /** Create bots of every kind the Bots view makes. */
    createBots: z.boolean(),
    /** Create incoming webhook bots, which can only post. */
    createIncomingWebhookBots: z.boolean(),
    createOutgoingWebhookBots: z.boolean(),
    /** The subscribed channels whose settings the reader may change (Zulip 10's can_administer_channel_group). */
    administerChannels: z.array(z.number().int()),
    /** Delete a whole topic (Zulip's delete_topic, for administrators). */
    deleteTopics: z.boolean(),
    /** Add, change and remove linkifiers and code playgrounds (administrators). */
    manageLinkifiers: z.boolean(),
  }),
  compose: composeRulesSchema,
  display: displaySettingsSchema,
  /** Everyone whose name the organization asks to follow with "(guest)"; nobody on Hearth hosts. */
  guests: z.array(z.number().int()),
  /** A message of emoji alone shows them large, as Zulip 12 draws it (feature level 436). */
  largeEmoji: z.boolean(),
  /** The reader's role in the organization. */
  role: roleSchema,
  /** The user groups people made, by name, which a message mentions as @*name*. */
  groups: z.array(z.object({ name: z.string(), description: z.string() })),
  /** Changes when the organization's own emoji do: the picker and completion read them again. */
  customEmojiVersion: z.string(),
  /** Whether the organization shows who read a message, and whether it lists the reader. */
  readReceipts: readReceiptSettingsSchema,
  /** Whom the reader muted, by ID: their messages are collapsed, and they leave lists and completion. */
  mutedUsers: z.array(z.number().int()),
  /** The organization's linkifiers, in the order they apply. */
  linkifiers: z.array(linkifierSchema),
  /** The organization's code playgrounds: "View in …" on code blocks of their language. */
  playgrounds: z.array(playgroundViewSchema),
  /** Whether the server keeps the reader's drafts for their other devices; null where it cannot. */
  syncDrafts: z.boolean().nullable(),
  /** The reader's scheduled messages not yet sent, soonest first. */
  scheduledMessages: z.array(scheduledMessageViewSchema),
  /** The reader's timezone setting (IANA); empty for the computer's own. */
  timezone: z.string(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

// The 17 settings of Zulip's PATCH /settings/notifications, and those newer
// servers add, as the account's server last said (its user_settings events
// keep them current).
export const notificationSettingsSchema = z.object({
  enable_stream_desktop_notifications: z.boolean(),
  enable_stream_audible_notifications: z.boolean(),
  enable_stream_push_notifications: z.boolean(),
  enable_stream_email_notifications: z.boolean(),
  enable_desktop_notifications: z.boolean(),
  enable_sounds: z.boolean(),
  enable_offline_push_notifications: z.boolean(),
  enable_online_push_notifications: z.boolean(),
  enable_offline_email_notifications: z.boolean(),
  wildcard_mentions_notify: z.boolean(),
  pm_content_in_desktop_notifications: z.boolean(),
  /** A sound's name, or "none". */
  notification_sound: z.string().min(1).max(60),
  /** What the app icon counts, in the server's numbers (`badgeChoices` of the page). */
  desktop_icon_count_display: z.number().int().min(1).max(4),
  enable_digest_emails: z.boolean(),
  enable_login_emails: z.boolean(),
  message_content_in_email_notifications: z.boolean(),
  realm_name_in_notifications: z.boolean(),
  /** How followed topics notify (Zulip 8, feature level 189); absent where the server has none. */
  enable_followed_topic_desktop_notifications: z.boolean().optional(),
  enable_followed_topic_audible_notifications: z.boolean().optional(),
  enable_followed_topic_push_notifications: z.boolean().optional(),
  enable_followed_topic_email_notifications: z.boolean().optional(),
  enable_followed_topic_wildcard_mentions_notify: z.boolean().optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const streamNotificationsSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  color: z.string(),
  muted: z.boolean(),
  /** The stream's own choice; null follows the global stream setting. */
  desktop: z.boolean().nullable(),
  audible: z.boolean().nullable(),
});
export type StreamNotifications = z.infer<typeof streamNotificationsSchema>;

export const notificationPageSchema = z.object({
  settings: notificationSettingsSchema,
  /**
   * What desktop_icon_count_display may be, by the server's numbers: Zulip 8
   * (feature level 227) added direct messages, mentions and followed topics
   * and numbered the others anew.
   */
  badgeChoices: z.array(
    z.object({
      value: z.number().int(),
      counts: z.enum(['allUnread', 'dmsMentionsAndFollowed', 'dmsAndMentions', 'none']),
    }),
  ),
  /** The sounds the server offers, each with the file Hearth plays for it. */
  sounds: z.array(z.object({ name: z.string(), path: z.string() })),
  streams: z.array(streamNotificationsSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// `complete`: the feed reaches the narrow's first message. `more`: older
// messages exist and loadOlder fetches them. `not-cached`: offline, and the
// cache does not hold what comes before: shown, never hidden as a gap.
export const olderStateSchema = z.enum(['complete', 'more', 'not-cached']);
export type OlderState = z.infer<typeof olderStateSchema>;

// A conversation of Zulip's Inbox: a topic, or a private conversation.
export const inboxConversationSchema = z.object({
  narrow: narrowSchema,
  /** The topic, or the other people of a private conversation. */
  label: z.string(),
  unread: z.number().int(),
  /** Some unread message mentions the reader. */
  mentioned: z.boolean(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

// Zulip's Inbox: unread private conversations, then each stream's unread topics.
export const inboxSchema = z.object({
  /** The newest unread first. */
  dms: z.array(inboxConversationSchema),
  /** Pinned first, then by name; each topic by its newest unread message. */
  streams: z.array(
    z.object({
      streamId: z.number().int(),
      name: z.string(),
      color: z.string(),
      unread: z.number().int(),
      pinned: z.boolean(),
      /** The channel folder it is filed in (Zulip 11); null for none. */
      folderId: z.number().int().nullable(),
      topics: z.array(inboxConversationSchema),
    }),
  ),
  /** The folders the Inbox groups channels under, in their order: none where the reader chose not to. */
  folders: z.array(channelFolderSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

export { destinationSchema, outboxTargetSchema } from './destinations';
export type { Destination, OutboxTarget } from './destinations';

export const outboxEntrySchema = z.object({
  localId: z.string(),
  to: outboxTargetSchema,
  content: z.string(),
  createdAt: z.number(),
  // `sending`: on its way. `waiting`: will be sent when the server answers again.
  // `failed`: the server refused it, for the reason in `error`.
  state: z.enum(['sending', 'waiting', 'failed']),
  error: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

// What the user wrote to a conversation and did not send, as the Drafts view lists it.
export const draftSchema = z.object({
  /** The draft's ID in the cache, to open, save or delete it by. */
  id: z.number().int(),
  /** The conversation's key in the cache: a conversation may hold more than one draft. */
  conversation: z.string(),
  to: outboxTargetSchema,
  narrow: narrowSchema,
  content: z.string(),
  /** When it was last edited, in ms since the epoch. */
  updatedAt: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;

export const feedPageSchema = z.object({
  narrow: narrowSchema,
  /** Oldest first. */
  messages: z.array(feedMessageSchema),
  olderState: olderStateSchema,
  /** The same for what comes after the last message: `complete` once it is the newest. */
  newerState: olderStateSchema,
  /** Where the reader starts: the narrow's first unread message, when the page holds it. */
  firstUnreadId: z.number().int().nullable(),
  /** Messages of this narrow not yet sent, oldest first, shown after the messages. */
  outbox: z.array(outboxEntrySchema),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const searchResultSchema = z.object({
  /** Newest last, like the feed. */
  messages: z.array(feedMessageSchema),
  /** Parts of the query the cache cannot answer, searched on the server only when online. */
  unsupported: z.array(z.string()),
  /** True when the answer came from the cache alone. */
  fromCache: z.boolean(),
  /** The server's copies of what matched, its words in `highlight` spans; none from the cache. */
  matches: z.array(
    z.object({
      id: z.number().int(),
      content: z.string().nullable(),
      subject: z.string().nullable(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// A form's answer: where it went wrong, to show beside that field.
export const formFieldSchema = z.enum([
  'serverUrl',
  'email',
  'password',
  'apiKey',
  'zuliprc',
  'organizationName',
  'fullName',
  'unencrypted',
  'form',
]);
export type FormField = z.infer<typeof formFieldSchema>;
export const formResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), accountId: z.string() }),
  z.object({
    ok: z.literal(false),
    field: formFieldSchema,
    message: z.string(),
    problem: reachProblemSchema.optional(),
  }),
]);
export type FormResult = z.infer<typeof formResultSchema>;

export const serverInfoSchema = z.object({
  serverUrl: z.string(),
  realmName: z.string(),
  realmIcon: z.string().nullable(),
  description: z.string(),
  version: z.string(),
  /** The server takes an email and password (POST /fetch_api_key). */
  passwordSignIn: z.boolean(),
  /** False where the server signs in with a username (LDAP) rather than an email. */
  usernameIsEmail: z.boolean(),
  /** Single sign-on methods (Google, SAML…), which only a web browser can use. */
  browserSignIn: z.array(z.string()),
  /**
   * Set where a password or key would travel unencrypted (http:// off this
   * computer): the form shows it, and asks for the explicit choice joining takes.
   */
  warning: z.string().nullable(),
  /** What was probed was an invitation link: the form asks for a new account. */
  invitation: z.boolean(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;
export const probeResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), server: serverInfoSchema }),
  z.object({
    ok: z.literal(false),
    field: formFieldSchema,
    message: z.string(),
    problem: reachProblemSchema.optional(),
  }),
]);
export type ProbeResult = z.infer<typeof probeResultSchema>;

// Zulip's four kinds of bot; Hearth creates the first three.
export const botTypeSchema = z.enum([
  'generic',
  'incoming_webhook',
  'outgoing_webhook',
  'embedded',
]);
export type BotType = z.infer<typeof botTypeSchema>;

// A bot as the renderer sees it: never its API key, which reaches the page
// only inside the webhook URL the user asked for.
// Where an outgoing-webhook bot posts, and in which format: Zulip's own or Slack's.
export const outgoingWebhookSchema = z.object({
  url: z.string().min(1).max(2048),
  format: z.enum(['zulip', 'slack']),
});
export type OutgoingWebhook = z.infer<typeof outgoingWebhookSchema>;

export const botSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  botType: botTypeSchema,
  /** An outgoing-webhook bot's URL, as far as the account's register state tells; null for others. */
  outgoing: outgoingWebhookSchema.nullable(),
});
export type Bot = z.infer<typeof botSchema>;

// The incoming-webhook integrations a Hearth host serves, by the name in their URL.
const integrationNameSchema = z.enum([
  'helloworld',
  'github',
  'gitlab',
  'alertmanager',
  'grafana',
  'slack_incoming',
  'sentry',
  'jira',
  'bitbucket2',
  'bitbucket3',
  'gitea',
  'gogs',
  'circleci',
  'pagerduty',
  'opsgenie',
  'zabbix',
  'uptimerobot',
  'linear',
  'azuredevops',
]);
export type WebhookIntegrationName = z.infer<typeof integrationNameSchema>;

const integrationSchema = z.object({
  name: integrationNameSchema,
  /** What the Bots view calls it. */
  label: z.string(),
  /** Whose webhook settings take the URL. */
  tool: z.string(),
  /** Whether the app holds a sample of the tool's deliveries, to send as a test message. */
  testable: z.boolean(),
});
export type WebhookIntegration = z.infer<typeof integrationSchema>;

const integrationLabels: Record<
  WebhookIntegrationName,
  Omit<WebhookIntegration, 'name' | 'testable'>
> = {
  helloworld: { label: 'Hello World', tool: 'Hello World' },
  github: { label: 'GitHub', tool: 'GitHub' },
  gitlab: { label: 'GitLab', tool: 'GitLab' },
  alertmanager: { label: 'Prometheus Alertmanager', tool: 'Alertmanager' },
  grafana: { label: 'Grafana', tool: 'Grafana' },
  slack_incoming: { label: 'Slack-compatible incoming webhook', tool: 'the other tool' },
  sentry: { label: 'Sentry', tool: 'Sentry' },
  jira: { label: 'Jira', tool: 'Jira' },
  bitbucket2: { label: 'Bitbucket Cloud', tool: 'Bitbucket' },
  bitbucket3: { label: 'Bitbucket Server', tool: 'Bitbucket' },
  // Forgejo sends Gitea's payloads.
  gitea: { label: 'Gitea and Forgejo', tool: 'Gitea or Forgejo' },
  gogs: { label: 'Gogs', tool: 'Gogs' },
  circleci: { label: 'CircleCI', tool: 'CircleCI' },
  pagerduty: { label: 'PagerDuty', tool: 'PagerDuty' },
  opsgenie: { label: 'Opsgenie', tool: 'Opsgenie' },
  zabbix: { label: 'Zabbix', tool: 'Zabbix' },
  uptimerobot: { label: 'Uptime Robot', tool: 'Uptime Robot' },
  linear: { label: 'Linear', tool: 'Linear' },
  azuredevops: { label: 'Azure DevOps', tool: 'Azure DevOps' },
};
export const webhookIntegrations: readonly Omit<WebhookIntegration, 'testable'>[] =
  integrationNameSchema.options.map((name) => ({ name, ...integrationLabels[name] }));

// Where a test message went, as the URL said: no channel, the owner's direct
// messages; no topic, the one the integration chose.
const webhookTestResultSchema = z.object({
  stream: z.string().nullable(),
  topic: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

// As Zulip's bot forms: the name a person reads, and the short name that
// becomes `<short name>-bot@…`, so it must fit an email address's local part.
const botFullName = z.string().trim().min(1).max(100);
const botShortName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/,
    "a short name holds letters, digits and !#$%&'*+/=?^_`{|}~-, with single dots between them",
  );
const botId = z.object({ botId: z.number().int().positive() });
// Where a webhook URL, or its test message, sends: no channel is a direct
// message to the bot's owner; no topic leaves it to the integration.
const webhookTarget = botId.extend({
  integration: integrationNameSchema,
  stream: streamName.optional(),
  topic: topicName.min(1).optional(),
});

const serverUrl = z.string().trim().min(1).max(2000);
const email = z.string().trim().min(3).max(254);
const password = z.string().min(1).max(1000);
const accountId = z.object({ accountId: z.string().min(1).max(100) });
/**
 * The person ticked “Send my password (API key) unencrypted”: without it, main
 * refuses to sign in over plain http to another computer.
 */
const sendUnencrypted = z.boolean().optional();
const localId = z.object({ localId: z.string().min(1).max(100) });
const messageId = z.object({ messageId: z.number().int().positive() });

export const bridgeCalls = {
  getAppState: { args: z.object({}), result: appStateSchema },
  probeServer: { args: z.object({ serverUrl }), result: probeResultSchema },
  /** Hearth hosts announcing themselves on the local network; none is trusted until its fingerprint is. */
  findOrganizations: {
    args: z.object({}),
    result: z.array(
      z.object({ realmName: z.string(), serverUrl: z.string(), fingerprint: z.string() }),
    ),
  },
  joinOrganization: {
    args: z.discriminatedUnion('method', [
      z.object({ method: z.literal('password'), serverUrl, email, password, sendUnencrypted }),
      z.object({
        method: z.literal('apiKey'),
        serverUrl,
        email,
        apiKey: z.string().trim().min(1).max(200),
        sendUnencrypted,
      }),
      z.object({
        method: z.literal('zuliprc'),
        zuliprc: z.string().min(1).max(10_000),
        sendUnencrypted,
      }),
      z.object({
        method: z.literal('invitation'),
        link: serverUrl,
        fullName: z.string().trim().min(1).max(100),
        email,
        password,
        sendUnencrypted,
      }),
    ]),
    result: formResultSchema,
  },
  hostOrganization: {
    args: z.object({
      organizationName: z.string().trim().min(1).max(40),
      fullName: z.string().trim().min(1).max(100),
      email,
      password,
      /** The organization's language: one the window speaks, as it names it. */
      language: z.enum(windowLanguageCodes),
    }),
    result: formResultSchema,
  },
  switchAccount: { args: accountId, result: z.object({}) },
  removeAccount: { args: accountId, result: z.object({}) },
  getSnapshot: { args: z.object({}), result: snapshotSchema },
  openNarrow: { args: z.object({ narrow: narrowSchema }), result: feedPageSchema },
  loadOlder: {
    args: z.object({ narrow: narrowSchema, beforeId: z.number().int().positive() }),
    result: feedPageSchema,
  },
  loadNewer: {
    args: z.object({ narrow: narrowSchema, afterId: z.number().int().positive() }),
    result: feedPageSchema,
  },
  /** Zulip's Recent conversations: topics and private conversations by their latest message. */
  recentConversations: {
    /** `fromServer`: look at the newest messages on the server first (on opening the view). */
    args: z.object({ fromServer: z.boolean() }),
    result: z.object({ conversations: z.array(recentConversationSchema) }),
  },
  search: {
    args: z.object({ query: z.string().trim().min(1).max(500) }),
    result: searchResultSchema,
  },
  sendMessage: {
    args: z.object({
      to: destinationSchema,
      content: z.string().trim().min(1).max(10000),
    }),
    result: outboxEntrySchema,
  },
  retryOutbox: { args: localId, result: z.object({}) },
  /** The message as the server would render it, for the compose box's preview. */
  renderPreview: {
    args: z.object({ content: z.string().min(1).max(100_000) }),
    result: z.object({ html: z.string() }),
  },
  /** The emoji names the compose box completes after ":". */
  emojiList: { args: z.object({}), result: z.object({ emoji: z.array(emojiChoiceSchema) }) },
  /** Zulip's typing notifications: the user started or stopped writing to `to`. */
  setTyping: {
    args: z.object({ to: destinationSchema, op: z.enum(['start', 'stop']) }),
    result: z.object({}),
  },
  /** Zulip's enter_sends setting; the snapshot follows the server's event. */
  setEnterSends: { args: z.object({ enterSends: z.boolean() }), result: z.object({}) },
  /** Zulip's message edit: the content, the topic, or both; the server's event changes the feed. */
  editMessage: {
    args: messageId.extend({
      content: z.string().trim().min(1).max(10000).optional(),
      topic: topicName.optional(),
      /** Which of the topic's messages a topic edit moves: this one, it and later ones, or all. */
      propagateMode: z.enum(['change_one', 'change_later', 'change_all']).optional(),
      /** Another stream to move the messages to. */
      streamId: z.number().int().positive().optional(),
    }),
    result: z.object({}),
  },
  deleteMessage: { args: messageId, result: z.object({}) },
  /** The message as its sender wrote it, in Markdown. */
  messageSource: { args: messageId, result: z.object({ source: z.string() }) },
  /** Every version of the message, the original first. */
  messageHistory: {
    args: messageId,
    result: z.object({ versions: z.array(messageVersionSchema) }),
  },
  /** A permanent link to the message, for others to open. */
  messageLink: { args: messageId, result: z.object({ url: z.string() }) },
  /** Zulip's "Mark as unread from here": this message and the narrow's later ones. */
  markUnreadFrom: { args: messageId.extend({ narrow: narrowSchema }), result: z.object({}) },
  /** The server's update_message_flags event then changes the feed and the counts. */
  changeFlags: {
    args: z.object({
      messageIds: z.array(z.number().int().positive()).min(1).max(5000),
      flag: z.enum(['read', 'starred']),
      op: z.enum(['add', 'remove']),
    }),
    result: z.object({}),
  },
  /** Zulip's "Mark all as read" for the narrow. */
  markNarrowRead: { args: z.object({ narrow: narrowSchema }), result: z.object({}) },
  discardOutbox: { args: localId, result: z.object({}) },
  listBots: {
    args: z.object({}),
    result: z.object({
      bots: z.array(botSchema),
      integrations: z.array(integrationSchema),
    }),
  },
  createBot: {
    args: z
      .object({
        fullName: botFullName,
        shortName: botShortName,
        botType: botTypeSchema.extract(['generic', 'incoming_webhook', 'outgoing_webhook']),
        outgoing: outgoingWebhookSchema.optional(),
      })
      .refine((bot) => (bot.botType === 'outgoing_webhook') === (bot.outgoing !== undefined), {
        message: 'an outgoing webhook bot, and only one, needs its URL',
        path: ['outgoing'],
      }),
    result: botSchema,
  },
  regenerateBotKey: { args: botId, result: z.object({}) },
  deactivateBot: { args: botId, result: z.object({}) },
  /** The window gained or lost the focus: a message on screen in a focused window does not notify. */
  setWindowFocus: { args: z.object({ focused: z.boolean() }), result: z.object({}) },
  /** The user clicked a notification: the app shows its conversation (a `navigate` event). */
  openAlert: { args: z.object({ id: z.string().min(1).max(100) }), result: z.object({}) },
  getNotificationSettings: { args: z.object({}), result: notificationPageSchema },
  /** Sends the changes to the server; the page follows its event, as a change made elsewhere. */
  changeNotificationSettings: {
    args: z.object({
      patch: notificationSettingsSchema
        .partial()
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting'),
    }),
    result: z.object({}),
  },
  changeStreamNotifications: {
    args: z.object({
      streamId: z.number().int().positive(),
      property: z.enum(['desktop_notifications', 'audible_notifications']),
      value: z.boolean(),
    }),
    result: z.object({}),
  },
  /**
   * A link clicked in a message (its href as written, maybe relative to the
   * account's server). A known organization's narrow opens in the app (a
   * `navigate` event); `external` is for the system browser; `upload`, a file
   * uploaded to a known organization, is for saveUpload.
   */
  openLink: {
    args: z.object({ href: z.string().min(1).max(8000) }),
    result: z.object({
      kind: z.enum(['narrow', 'external', 'refused', 'invitation', 'upload']),
      url: z.string().nullable(),
    }),
  },
  setPreferences: {
    args: z.object({
      patch: appPreferencesSchema
        .partial()
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one preference'),
    }),
    result: appStateSchema,
  },
  setDoNotDisturb: {
    args: z.object({ choice: z.enum(['hour', 'tomorrow', 'untilOff', 'off']) }),
    result: appStateSchema,
  },
  webhookUrl: { args: webhookTarget, result: z.object({ url: z.string() }) },
  /**
   * Posts a sample of the integration's deliveries to the bot's webhook URL,
   * from main, through the account's network; refused with the server's reason.
   */
  sendWebhookTest: { args: webhookTarget, result: webhookTestResultSchema },
  /** Whether channels are grouped by folder; the snapshot follows the server's event. */
  changeFolderGrouping: {
    args: z.object({
      patch: z
        .object({ sidebar: z.boolean().optional(), inbox: z.boolean().optional() })
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting'),
    }),
    result: z.object({}),
  },
  /** The window's language, which main's menus, dialogs and notifications then speak. */
  useLanguage: {
    args: z.object({ code: z.string().min(1).max(20) }),
    result: z.object({}),
  },
  /** Zulip's display settings; the snapshot follows the server's event. */
  changeDisplaySettings: {
    args: z.object({
      patch: displayPatchSchema.refine(
        (patch) => Object.keys(patch).length > 0,
        'change at least one setting',
      ),
    }),
    result: z.object({}),
  },
  /** The server checks the name and renames the reader everywhere by its realm_user event. */
  /** Zulip's password change; the server checks both. */
  changePassword: {
    args: z.object({
      oldPassword: z.string().min(1).max(1000),
      newPassword: z.string().min(1).max(1000),
    }),
    result: z.object({}),
  },
  /** Once the person confirms it, a new API key for the account in the window, kept in the keychain; the old one stops working. */
  regenerateApiKey: { args: z.object({}), result: confirmedResult({}) },
  changeFullName: {
    args: z.object({ fullName: z.string().max(1000) }),
    result: z.object({}),
  },
  /** Zulip's Inbox, read from the cache. */
  inbox: { args: z.object({}), result: inboxSchema },
  /** The active account's drafts, the last edited first. */
  listDrafts: { args: z.object({}), result: z.object({ drafts: z.array(draftSchema) }) },
  /** Keeps what is written to `to` as its draft; blank content deletes it. A `drafts` event follows. */
  saveDraft: {
    args: z.object({
      to: destinationSchema,
      content: z.string().max(100_000),
      /** The draft the window opened, when it did; otherwise the conversation's last edited. */
      id: z.number().int().positive().optional(),
    }),
    result: z.object({}),
  },
  deleteDraft: {
    args: z.object({ id: z.number().int().positive() }),
    result: z.object({}),
  },
  ...streamBridgeCalls,
  ...organizationBridgeCalls,
  ...peopleBridgeCalls,
  ...hostingBridgeCalls,
  ...networkBridgeCalls,
  ...uploadBridgeCalls,
  ...alertWordBridgeCalls,
  ...mutedUserBridgeCalls,
  ...linkifierBridgeCalls,
  ...scheduledMessageBridgeCalls,
  ...userGroupBridgeCalls,
  ...reactionBridgeCalls,
  ...statusBridgeCalls,
  ...customEmojiBridgeCalls,
  ...composeBridgeCalls,
  ...readReceiptBridgeCalls,
  ...draftBridgeCalls,
  ...topicDeletionBridgeCalls,
  ...widgetBridgeCalls,
} as const;

export const bridgeEvents = {
  /** The account list, unread counts and connections changed. */
  appState: appStateSchema,
  /** The active account's sidebar changed (streams, topics, unread counts, connection). */
  snapshot: snapshotSchema,
  /** Messages of the open narrow arrived or changed; `deleted` ones were deleted or moved out of it. */
  feed: z.object({
    accountId: z.string(),
    upserted: z.array(feedMessageSchema),
    deleted: z.array(z.number().int()),
  }),
  /** The active account's unsent messages changed. */
  outbox: z.object({ accountId: z.string(), entries: z.array(outboxEntrySchema) }),
  /** Show this desktop notification with the Web Notification API (the browser harness only). */
  notification: z.object({
    id: z.string(),
    accountId: z.string(),
    title: z.string(),
    body: z.string(),
  }),
  /** Play one of Hearth's sounds, from `path` beside the page. */
  sound: z.object({ sound: z.enum(hearthSounds), path: z.string() }),
  /** Who is typing where, in the active account, now. */
  typing: z.object({ accountId: z.string(), conversations: z.array(typingConversationSchema) }),
  /** Show this conversation of this account: a notification was clicked. */
  navigate: z.object({ accountId: z.string(), narrow: narrowSchema }),
  /** The active account's drafts changed, the last edited first. */
  drafts: z.object({ accountId: z.string(), drafts: z.array(draftSchema) }),
  /** This computer's host changed its status or logged a line (`at`, ms): the Hosting page asks again. */
  hosting: z.object({ at: z.number() }),
  /** An invitation link was opened (clicked, or handed over by the OS): offer to join by it. */
  invitation: z.object({ link: z.string() }),
  ...uploadBridgeEvents,
} as const;

export type BridgeCallName = keyof typeof bridgeCalls;
export type BridgeEventName = keyof typeof bridgeEvents;
export type CallArgs<K extends BridgeCallName> = z.input<(typeof bridgeCalls)[K]['args']>;
export type CallResult<K extends BridgeCallName> = z.output<(typeof bridgeCalls)[K]['result']>;
export type EventPayload<E extends BridgeEventName> = z.output<(typeof bridgeEvents)[E]>;

export type BridgeCalls = {
  [K in BridgeCallName]: (args: CallArgs<K>) => Promise<CallResult<K>>;
};

export interface ChatBridge extends BridgeCalls {
  /** Listens for a pushed event; returns the function that stops listening. */
  on<E extends BridgeEventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** What main implements: the calls, plus a way to push events to one renderer. */
export interface BridgeService extends BridgeCalls {
  subscribe(
    push: <E extends BridgeEventName>(event: E, payload: EventPayload<E>) => void,
  ): () => void;
}

export const callChannel = (name: BridgeCallName): string => `hearth:call:${name}`;
export const eventChannel = 'hearth:event';

// Frames of the WebSocket implementation of the same contract.
export type WsRequest = { id: number; method: string; args: unknown };
export type WsFrame =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: string }
  | { event: BridgeEventName; payload: unknown };

export const bridgeCallNames = Object.keys(bridgeCalls) as BridgeCallName[];

export function isBridgeCallName(name: string): name is BridgeCallName {
  return Object.hasOwn(bridgeCalls, name);
}

/**
 * Routes one call from an untrusted renderer: only names of the contract reach
 * the service, which parses the argument with the call's schema itself.
 */
export function invokeBridgeCall(
  service: BridgeCalls,
  name: string,
  args: unknown,
): Promise<unknown> {
  if (!isBridgeCallName(name)) return Promise.reject(new Error(`Unknown bridge call: ${name}`));
  const call = service[name] as (args: unknown) => Promise<unknown>;
  return call.call(service, args);
}
