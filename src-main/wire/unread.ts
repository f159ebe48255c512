import { z } from 'zod';

// Zulip's `unread_msgs` of POST /register: the user's unread messages grouped
// by conversation, each group's IDs ascending.
export const unreadStreamSchema = z.object({
  stream_id: z.number().int(),
  topic: z.string(),
  unread_message_ids: z.array(z.number().int()),
});

export const unreadPrivateSchema = z.object({
  other_user_id: z.number().int(),
  /** Zulip's older, misleading name for other_user_id, sent by 7.0 and deprecated since. */
  sender_id: z.number().int().optional(),
  unread_message_ids: z.array(z.number().int()),
});

export const unreadHuddleSchema = z.object({
  /** Every participant's ID, the reader's included, ascending and comma-separated. */
  user_ids_string: z.string(),
  unread_message_ids: z.array(z.number().int()),
});

export const unreadMsgsSchema = z.object({
  pms: z.array(unreadPrivateSchema),
  streams: z.array(unreadStreamSchema),
  huddles: z.array(unreadHuddleSchema),
  mentions: z.array(z.number().int()),
  /** Unread messages outside muted streams and topics. */
  count: z.number().int(),
  old_unreads_missing: z.boolean(),
});
export type UnreadMsgs = z.infer<typeof unreadMsgsSchema>;
