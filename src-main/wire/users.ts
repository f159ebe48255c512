import { z } from 'zod';
import type { groupSettingValueSchema } from './streams';

// A custom profile field's definition (GET /realm/profile_fields `custom_fields`).
export const customProfileFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  hint: z.string(),
  /** JSON text for list-of-options and external-account fields, '' otherwise. */
  field_data: z.string(),
  order: z.number().int(),
  /** Present, and true, only for fields shown in the profile summary. */
  display_in_profile_summary: z.literal(true).optional(),
  /** Zulip 9 (feature level 244): whether administrators ask everyone to fill it in. */
  required: z.boolean().optional(),
  /** Zulip 10 (feature level 296): whether people may change their own value. */
  editable_by_user: z.boolean().optional(),
  /** Zulip 12 (feature level 455): present, and true, when typeahead matches people by it. */
  use_for_user_matching: z.literal(true).optional(),
});
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;

// A user's values keyed by field ID; text fields add their Markdown rendered.
export const profileDataSchema = z.record(
  z.string(),
  z.object({ value: z.string(), rendered_value: z.string().optional() }),
);
export type ProfileData = z.infer<typeof profileDataSchema>;

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
  /** Zulip's role number (100 owner to 600 guest), which states moderators as is_admin cannot. */
  role: z.number().int().optional(),
  // Zulip sends bot_type for bots only (its documented realm_user example has none).
  bot_type: z.number().int().nullable().optional(),
  bot_owner: z.string().optional(),
  bot_owner_id: z.number().int().nullable().optional(),
  avatar_url: z.string().nullable(),
  /** Raised with each new avatar; avatar_url names it too, so clients rarely need it. */
  avatar_version: z.number().int().optional(),
  timezone: z.string(),
  date_joined: z.string(),
  profile_data: profileDataSchema.optional(),
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

/** An element of register's `realm_user_groups`. */
export interface UserGroup {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
  /** Zulip 10 (feature level 292): who made it and when; null for system groups and old groups. */
  creator_id?: number | null;
  date_created?: number | null;
  /** Zulip 10's own permissions of the group (feature levels 283 to 324). */
  can_add_members_group?: GroupSettingValueOnWire;
  can_join_group?: GroupSettingValueOnWire;
  can_leave_group?: GroupSettingValueOnWire;
  can_manage_group?: GroupSettingValueOnWire;
  can_mention_group?: GroupSettingValueOnWire;
  can_remove_members_group?: GroupSettingValueOnWire;
  /** Zulip 10 (feature level 290): put aside, usable nowhere until reactivated. */
  deactivated?: boolean;
}

type GroupSettingValueOnWire = z.infer<typeof groupSettingValueSchema>;
