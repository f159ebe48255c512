import { z } from 'zod';
import { hearthSounds } from '../../src-main/wire';
import { narrowSchema } from './narrow';

// The bridge's part for notifications: the account's notification settings,
// what the app shows and plays, and where a clicked notification leads.

// The 17 settings of Zulip's PATCH /settings/notifications, and those newer
// servers add, as the account's server last said (its user_settings events
// keep them current).
export const notificationSettingsSchema = z.object({
  enable_stream_desktop_notifications: z.boolean(),
  enable_stream_audible_notifications: z.boolean(),
  enable_stream_push_notifications: z.boolean(),
  enable_stream_email_notifications: z.boolean(),
  enable_desktop_notifications: z.boolean(),
  enable_sounds: z.boolean(),
  enable_offline_push_notifications: z.boolean(),
  enable_online_push_notifications: z.boolean(),
  enable_offline_email_notifications: z.boolean(),
  wildcard_mentions_notify: z.boolean(),
  pm_content_in_desktop_notifications: z.boolean(),
  /** A sound's name, or "none". */
  notification_sound: z.string().min(1).max(60),
  /** What the app icon counts, in the server's numbers (`badgeChoices` of the page). */
  desktop_icon_count_display: z.number().int().min(1).max(4),
  enable_digest_emails: z.boolean(),
  enable_login_emails: z.boolean(),
  message_content_in_email_notifications: z.boolean(),
  realm_name_in_notifications: z.boolean(),
  /** How followed topics notify (Zulip 8, feature level 189); absent where the server has none. */
  enable_followed_topic_desktop_notifications: z.boolean().optional(),
  enable_followed_topic_audible_notifications: z.boolean().optional(),
  enable_followed_topic_push_notifications: z.boolean().optional(),
  enable_followed_topic_email_notifications: z.boolean().optional(),
  enable_followed_topic_wildcard_mentions_notify: z.boolean().optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const streamNotificationsSchema = z.object({
  streamId: z.number().int(),
  name: z.string(),
  color: z.string(),
  muted: z.boolean(),
  /** The stream's own choice; null follows the global stream setting. */
  desktop: z.boolean().nullable(),
  audible: z.boolean().nullable(),
});
export type StreamNotifications = z.infer<typeof streamNotificationsSchema>;

export const notificationPageSchema = z.object({
  settings: notificationSettingsSchema,
  /**
   * What desktop_icon_count_display may be, by the server's numbers: Zulip 8
   * (feature level 227) added direct messages, mentions and followed topics
   * and numbered the others anew.
   */
  badgeChoices: z.array(
    z.object({
      value: z.number().int(),
      counts: z.enum(['allUnread', 'dmsMentionsAndFollowed', 'dmsAndMentions', 'none']),
    }),
  ),
  /** The sounds the server offers, each with the file Hearth plays for it. */
  sounds: z.array(z.object({ name: z.string(), path: z.string() })),
  streams: z.array(streamNotificationsSchema),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationBridgeCalls = {
  /** The window gained or lost the focus: a message on screen in a focused window does not notify. */
  setWindowFocus: { args: z.object({ focused: z.boolean() }), result: z.object({}) },
  /** The user clicked a notification: the app shows its conversation (a `navigate` event). */
  openAlert: { args: z.object({ id: z.string().min(1).max(100) }), result: z.object({}) },
  getNotificationSettings: { args: z.object({}), result: notificationPageSchema },
  /** Sends the changes to the server; the page follows its event, as a change made elsewhere. */
  changeNotificationSettings: {
    args: z.object({
      patch: notificationSettingsSchema
        .partial()
        .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting'),
    }),
    result: z.object({}),
  },
  changeStreamNotifications: {
    args: z.object({
      streamId: z.number().int().positive(),
      property: z.enum(['desktop_notifications', 'audible_notifications']),
      value: z.boolean(),
    }),
    result: z.object({}),
  },
} as const;

export const notificationBridgeEvents = {
  /** Show this desktop notification with the Web Notification API (the browser harness only). */
  notification: z.object({
    id: z.string(),
    accountId: z.string(),
    title: z.string(),
    body: z.string(),
  }),
  /** Play one of Hearth's sounds, from `path` beside the page. */
  sound: z.object({ sound: z.enum(hearthSounds), path: z.string() }),
  /** Show this conversation of this account: a notification was clicked. */
  navigate: z.object({ accountId: z.string(), narrow: narrowSchema }),
} as const;
