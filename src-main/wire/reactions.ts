import { z } from 'zod';

/** Zulip's three namespaces of `emoji_code`. */
export const reactionTypes = ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji'] as const;
export type ReactionType = (typeof reactionTypes)[number];

// One user's reaction as a message carries it. Zulip 7.0 still sends the
// deprecated `user` object beside `user_id`; later servers drop it, so a
// client must not require it.
export const reactionSchema = z.object({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: z.number().int(),
  user: z
    .object({
      id: z.number().int(),
      email: z.string(),
      full_name: z.string(),
      is_mirror_dummy: z.boolean(),
    })
    .optional(),
});
export type Reaction = z.infer<typeof reactionSchema>;

// Zulip's `reaction` event; its deprecated `user` names the id `user_id`.
export const reactionEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('reaction'),
  op: z.enum(['add', 'remove']),
  message_id: z.number().int(),
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.string(),
  user_id: z.number().int(),
  user: z
    .object({ user_id: z.number().int(), email: z.string(), full_name: z.string() })
    .optional(),
});
export type ReactionEvent = z.infer<typeof reactionEventSchema>;
