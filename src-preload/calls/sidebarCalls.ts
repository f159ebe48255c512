import { z } from 'zod';
import { composeRulesSchema } from './composeCalls';
import { displaySettingsSchema, folderGroupingSchema } from './displayCalls';
import { linkifierSchema, playgroundViewSchema } from './linkifierCalls';
import { messageRulesSchema } from './messageActionCalls';
import { narrowSchema } from './narrow';
import { connectionSchema } from './networkCalls';
import { roleSchema } from './peopleCalls';
import { readReceiptSettingsSchema } from './readReceiptCalls';
import { scheduledMessageViewSchema } from './scheduledMessageCalls';
import { personStatusSchema } from './statusCalls';

// The bridge's part for the active account as the sidebar shows it: its
// streams and topics, people and conversations with their unread counts, and
// the snapshot that carries them with what else the window needs of the account.

export const sidebarTopicSchema = z.object({
  name: z.string(),
  unread: z.number().int(),
  muted: z.boolean(),
});
// A channel folder (Zulip 11, feature level 389), in the organization's order.
export const channelFolderSchema = z.object({ id: z.number().int(), name: z.string() });
export type ChannelFolderRow = z.infer<typeof channelFolderSchema>;

// A topic the reader follows (Zulip 8, feature level 219): Zulip marks it, and tells of each message in it.
export const followedTopicSchema = z.object({ streamId: z.number().int(), topic: z.string() });
export type FollowedTopic = z.infer<typeof followedTopicSchema>;

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
  /** The topics the reader follows; null where the server has none to follow (before feature level 219). */
  followedTopics: z.array(followedTopicSchema).nullable(),
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

export const sidebarBridgeCalls = {
  getSnapshot: { args: z.object({}), result: snapshotSchema },
} as const;

export const sidebarBridgeEvents = {
  /** The active account's sidebar changed (streams, topics, unread counts, connection). */
  snapshot: snapshotSchema,
} as const;
