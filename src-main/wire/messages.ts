import { z } from 'zod';
import { topicLinkSchema } from './linkifiers';
import { reactionSchema } from './reactions';

export const recipientUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  short_name: z.string().optional(),
  is_mirror_dummy: z.boolean(),
});
export type RecipientUser = z.infer<typeof recipientUserSchema>;

// One edit as message objects carry it in `edit_history` (Zulip's format since
// feature level 118): what the edit replaced, and for a topic edit both topics.
export const editHistoryEntrySchema = z.object({
  user_id: z.number().int().nullable(),
  timestamp: z.number().int(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_rendered_content_version: z.number().int().optional(),
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
});
export type EditHistoryEntry = z.infer<typeof editHistoryEntrySchema>;

/** The flags of Zulip's is:mentioned: a personal mention or a wildcard one. */
export const mentionFlags = [
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
] as const;
export type MentionFlag = (typeof mentionFlags)[number];
export const mentionFlagNames: readonly string[] = mentionFlags;

// The Message object of Zulip's GET /messages and `message` events (spec §2).
export const messageSchema = z.object({
  id: z.number().int(),
  type: z.enum(['stream', 'private']),
  content: z.string(),
  content_type: z.enum(['text/html', 'text/x-markdown']),
  display_recipient: z.union([z.string(), z.array(recipientUserSchema)]),
  recipient_id: z.number().int(),
  sender_id: z.number().int(),
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_short_name: z.string().optional(),
  sender_realm_str: z.string(),
  avatar_url: z.string().nullable(),
  client: z.string(),
  flags: z.array(z.string()).optional(),
  is_me_message: z.boolean(),
  reactions: z.array(reactionSchema),
  stream_id: z.number().int().optional(),
  subject: z.string(),
  // Zulip's own documentation of a message no longer lists subject_links (its
  // topic_links replaced it), so a client must not require it; the spec and
  // Hearth's host still send it.
  subject_links: z.array(z.unknown()).optional(),
  // `{text, url}` since Zulip 4.0 (feature level 46).
  topic_links: z.array(topicLinkSchema).optional(),
  submessages: z.array(z.unknown()),
  timestamp: z.number().int(),
  /** Present once the message was edited; `edit_history` is newest first. */
  last_edit_timestamp: z.number().int().optional(),
  /** Zulip 10 (feature level 365): when it last moved, which last_edit_timestamp no longer tells. */
  last_moved_timestamp: z.number().int().optional(),
  edit_history: z.array(editHistoryEntrySchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

// One version of a message in GET /messages/{id}/history (spec §2): the
// original holds only topic, content, rendered_content, timestamp and user_id.
export const messageSnapshotSchema = z.object({
  topic: z.string(),
  content: z.string(),
  rendered_content: z.string(),
  user_id: z.number().int(),
  timestamp: z.number().int(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_topic: z.string().optional(),
  content_html_diff: z.string().optional(),
  // A move between streams, by stream ID, as Zulip 7.0 lists it.
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
});
export type MessageSnapshot = z.infer<typeof messageSnapshotSchema>;

export const messagesResponseSchema = z.object({
  // For anchor=newest Zulip echoes 10^16, beyond the safe-integer range.
  anchor: z.number(),
  // Zulip's documented example leaves out found_oldest; absent, none of these
  // promises is taken as made, so a page never claims more history than it holds.
  found_anchor: z.boolean().default(false),
  found_newest: z.boolean().default(false),
  found_oldest: z.boolean().default(false),
  messages: z.array(messageSchema),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const narrowTermSchema = z.object({
  operator: z.string(),
  operand: z.union([
    z.string(),
    z.number().int(),
    z.array(z.union([z.string(), z.number().int()])),
  ]),
  negated: z.boolean().optional(),
});
export type NarrowTerm = z.infer<typeof narrowTermSchema>;
