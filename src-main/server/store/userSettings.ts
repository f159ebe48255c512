import { defaultSound } from '../../wire/sounds';
import type { Sql } from './sql';

export type SettingValue = boolean | number | string;

/** The settings a user changed from the defaults, by name. */
export function storedSettingsOf(sql: Sql, userId: number): Map<string, SettingValue> {
  const rows = sql.all<{ name: string; value: string }>(
    'SELECT name, value FROM user_settings WHERE user_id = ?',
    [userId],
  );
  return new Map(rows.map((row) => [row.name, JSON.parse(row.value) as SettingValue]));
}

/** The defaults, with whatever of them the user changed. */
export function settingsWithDefaults<T extends object>(
  sql: Sql,
  userId: number,
  defaults: Readonly<T>,
): T {
  const stored = storedSettingsOf(sql, userId);
  const settings: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(settings)) {
    const value = stored.get(name);
    if (value !== undefined) settings[name] = value;
  }
  return settings as T;
}

export function storeSetting(sql: Sql, userId: number, name: string, value: SettingValue): void {
  sql.run(
    `INSERT INTO user_settings (user_id, name, value) VALUES (?, ?, ?)
     ON CONFLICT (user_id, name) DO UPDATE SET value = excluded.value`,
    [userId, name, JSON.stringify(value)],
  );
}

export interface NotificationSettings {
  enable_stream_desktop_notifications: boolean;
  enable_stream_email_notifications: boolean;
  enable_stream_push_notifications: boolean;
  enable_stream_audible_notifications: boolean;
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
  desktop_icon_count_display: number;
  realm_name_in_notifications: boolean;
}
export type NotificationSettingName = keyof NotificationSettings;

// Zulip's defaults for the global notification settings (UserBaseSettings),
// except the sound: Hearth's own default rather than Zulip's, which it does not ship.
export const notificationSettingDefaults: Readonly<NotificationSettings> = {
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: defaultSound,
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

export function notificationSettingsOf(sql: Sql, userId: number): NotificationSettings {
  return settingsWithDefaults(sql, userId, notificationSettingDefaults);
}
