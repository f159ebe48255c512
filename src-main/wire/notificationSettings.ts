/** The 17 global notification settings of Zulip's PATCH /settings/notifications. */
export interface NotificationSettings {
  enable_stream_desktop_notifications: boolean;
  enable_stream_email_notifications: boolean;
  enable_stream_push_notifications: boolean;
  enable_stream_audible_notifications: boolean;
  /** A sound's name, or "none". */
  notification_sound: string;
  enable_desktop_notifications: boolean;
  enable_sounds: boolean;
  enable_offline_email_notifications: boolean;
  enable_offline_push_notifications: boolean;
  enable_online_push_notifications: boolean;
  enable_digest_emails: boolean;
  enable_login_emails: boolean;
  message_content_in_email_notifications: boolean;
  pm_content_in_desktop_notifications: boolean;
  wildcard_mentions_notify: boolean;
  /** 1: all unread messages; 2: direct messages and mentions; 3: none. */
  desktop_icon_count_display: number;
  realm_name_in_notifications: boolean;
}

/** What Zulip 7.0 gives a new account (UserBaseSettings). */
export const zulipNotificationDefaults: Readonly<NotificationSettings> = {
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_digest_emails: true,
  enable_login_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_notifications: false,
};
