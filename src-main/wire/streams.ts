import { z } from 'zod';

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
