import { z } from 'zod';

export const recipientUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  short_name: z.string().optional(),
  is_mirror_dummy: z.boolean(),
});
export type RecipientUser = z.infer<typeof recipientUserSchema>;

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
  reactions: z.array(z.unknown()),
  stream_id: z.number().int().optional(),
  subject: z.string(),
  subject_links: z.array(z.unknown()),
  topic_links: z.array(z.unknown()).optional(),
  submessages: z.array(z.unknown()),
  timestamp: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesResponseSchema = z.object({
  // For anchor=newest Zulip echoes 10^16, beyond the safe-integer range.
  anchor: z.number(),
  found_anchor: z.boolean(),
  found_newest: z.boolean(),
  found_oldest: z.boolean(),
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
