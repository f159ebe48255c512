import { z } from 'zod';
import { topicName } from './names';

// The bridge's part for the compose box: how it behaves (its rules, its
// preview, the emoji it completes), and what it may say before a message goes:
// whether the server would take it where it is addressed, and what the
// reader should know first. Main decides that from the organization's
// permissions (permissions/readerPermissions); the window only words it.

/** Where the compose box is addressed; a channel's topic is null while none is said. */
export const composeTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int().positive(),
    topic: topicName.nullable(),
  }),
  z.object({
    kind: z.literal('private'),
    userIds: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type ComposeTarget = z.infer<typeof composeTargetSchema>;

/**
 * Why the server would refuse the message: the reader may not post in the
 * channel, may not start a topic there and this one is new, the organization
 * allows no direct messages, no one in the conversation may authorize it, or
 * the reader may not start conversations and this one has none.
 */
export const composeRefusalSchema = z.enum([
  'channelPosting',
  'newTopic',
  'directMessagesOff',
  'directMessageUnauthorized',
  'directMessageNotStarted',
]);
export type ComposeRefusal = z.infer<typeof composeRefusalSchema>;

export const composeCheckSchema = z.object({
  refusal: composeRefusalSchema.nullable(),
  /** The guests a direct message goes to, by name, where the organization asks to be warned of them (Zulip 10). */
  guests: z.array(z.string()),
  /** The mentions of everyone the reader may use there, with what each notifies. */
  wildcards: z.array(z.object({ name: z.string(), detail: z.string() })),
});
export type ComposeCheck = z.infer<typeof composeCheckSchema>;

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

export const composeBridgeCalls = {
  checkComposeTarget: { args: z.object({ to: composeTargetSchema }), result: composeCheckSchema },
  /** The message as the server would render it, for the compose box's preview. */
  renderPreview: {
    args: z.object({ content: z.string().min(1).max(100_000) }),
    result: z.object({ html: z.string() }),
  },
  /** The emoji names the compose box completes after ":". */
  emojiList: { args: z.object({}), result: z.object({ emoji: z.array(emojiChoiceSchema) }) },
  /** Zulip's enter_sends setting; the snapshot follows the server's event. */
  setEnterSends: { args: z.object({ enterSends: z.boolean() }), result: z.object({}) },
} as const;
