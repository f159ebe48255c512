import { z } from 'zod';

/** Zulip's group-setting value: a user group's ID, or people and groups named together. */
export const groupSettingValueSchema = z.union([
  z.number().int(),
  z.object({
    direct_members: z.array(z.number().int()),
    direct_subgroups: z.array(z.number().int()),
  }),
]);

// Who may do what in a channel, as group settings (Zulip 10 and 11); read
// by permissions/readerPermissions, kept as the server sent them.
const channelGroupSettings = {
  can_add_subscribers_group: groupSettingValueSchema.optional(),
  can_remove_subscribers_group: groupSettingValueSchema.optional(),
  can_administer_channel_group: groupSettingValueSchema.optional(),
  can_subscribe_group: groupSettingValueSchema.optional(),
  can_send_message_group: groupSettingValueSchema.optional(),
  can_move_messages_out_of_channel_group: groupSettingValueSchema.optional(),
  can_move_messages_within_channel_group: groupSettingValueSchema.optional(),
  can_resolve_topics_group: groupSettingValueSchema.optional(),
  can_delete_any_message_group: groupSettingValueSchema.optional(),
  can_delete_own_message_group: groupSettingValueSchema.optional(),
  can_create_topic_group: groupSettingValueSchema.optional(),
};

export const streamSchema = z.object({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  rendered_description: z.string().optional(),
  invite_only: z.boolean(),
  is_web_public: z.boolean().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  is_announcement_only: z.boolean().optional(),
  stream_post_policy: z.number().int().optional(),
  date_created: z.number().int().optional(),
  /** Null: the organization's policy applies. */
  message_retention_days: z.number().int().nullable().optional(),
  /** Zulip 10 (feature level 315), to clients that take archived channels. */
  is_archived: z.boolean().optional(),
  /** Zulip 11 (feature level 389): the channel folder it is filed in. */
  folder_id: z.number().int().nullable().optional(),
  /** Zulip 11 (feature level 392): whether its messages may, must not or only go without a topic. */
  topics_policy: z.string().optional(),
  creator_id: z.number().int().nullable().optional(),
  /** Zulip 11 (feature level 394): how many subscribe, kept current by the client from peer events. */
  subscriber_count: z.number().int().optional(),
  /** The oldest message the channel holds; null while it holds none. */
  first_message_id: z.number().int().nullable().optional(),
  /** Zulip 10 (feature level 323): made or written in within the last 180 days. */
  is_recently_active: z.boolean().optional(),
  ...channelGroupSettings,
});
export type Stream = z.infer<typeof streamSchema>;

// A Stream plus the user's personal settings for it (spec §2, Subscription).
export const subscriptionSchema = streamSchema.extend({
  color: z.string(),
  is_muted: z.boolean(),
  in_home_view: z.boolean(),
  pin_to_top: z.boolean(),
  desktop_notifications: z.boolean().nullable(),
  audible_notifications: z.boolean().nullable(),
  push_notifications: z.boolean().nullable(),
  email_notifications: z.boolean().nullable(),
  wildcard_mentions_notify: z.boolean().nullable(),
  // Zulip 8.0 (feature level 226) dropped it from subscription objects.
  email_address: z.string().optional(),
  /** Average messages a week; null for a stream too young to tell (Zulip's value for Hearth). */
  stream_weekly_traffic: z.number().int().nullable().optional(),
  subscribers: z.array(z.union([z.string(), z.number().int()])).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionsResponseSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
});

/** An element of register's `channel_folders` (Zulip 11, feature level 389): channels grouped under a name. */
export interface ChannelFolder {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  /** Where the folder goes among the others (feature level 414); by ID before. */
  order?: number;
  is_archived: boolean;
}
