import { z } from 'zod';

// Zulip 7.0's user status: a text of up to 60 characters, an emoji, and the
// deprecated `away` (feature level 148), which stands for the user's
// presence_enabled setting turned off.

/** Zulip's limit on status_text, in characters (Unicode code points). */
export const MAX_STATUS_TEXT_LENGTH = 60;

// One user's entry of register's `user_status`: only what is set is there;
// a user with nothing set has no entry at all.
export const userStatusSchema = z.object({
  away: z.literal(true).optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Register's `user_status`: by user ID as a string. */
export type UserStatuses = Record<string, UserStatus>;

// Zulip's `user_status` event: only the fields the change named. An empty
// status_text or emoji_name clears that part; the emoji's three fields come
// together.
export const userStatusEventSchema = z.object({
  id: z.number().int(),
  type: z.literal('user_status'),
  user_id: z.number().int(),
  away: z.boolean().optional(),
  status_text: z.string().optional(),
  emoji_name: z.string().optional(),
  emoji_code: z.string().optional(),
  reaction_type: z.string().optional(),
});
export type UserStatusEvent = z.infer<typeof userStatusEventSchema>;
