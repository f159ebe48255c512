import { z } from 'zod';

// An element of GET /users `members` (spec §2, User).
export const userSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  is_owner: z.boolean().optional(),
  is_bot: z.boolean(),
  is_active: z.boolean(),
  is_guest: z.boolean(),
  bot_type: z.number().int().nullable(),
  bot_owner: z.string().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
  avatar_url: z.string().nullable(),
  timezone: z.string(),
  date_joined: z.string(),
  profile_data: z.record(z.string(), z.unknown()).optional(),
});
export type User = z.infer<typeof userSchema>;

// GET /users/me: a User plus the profile-only fields.
export const profileSchema = userSchema.extend({
  pointer: z.number().int(),
  max_message_id: z.number().int(),
  client_id: z.string(),
  short_name: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
