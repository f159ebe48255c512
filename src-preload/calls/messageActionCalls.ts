import { z } from 'zod';
import { topicName } from './names';
import { narrowSchema } from './narrow';

// The bridge's part for what the reader does to one message: edit or move it,
// delete it, read its source and history, link to it, mark it unread; and the
// rules that say which of these the organization lets them do.

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

const messageId = z.object({ messageId: z.number().int().positive() });

export const messageActionBridgeCalls = {
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
} as const;
