import {
  zulipNotificationDefaults,
  type NotificationSettings,
} from '../../wire/notificationSettings';
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

export type { NotificationSettings };
export type NotificationSettingName = keyof NotificationSettings;

// Zulip's defaults, except the sound: Hearth's own default rather than Zulip's,
// which it does not ship.
export const notificationSettingDefaults: Readonly<NotificationSettings> = {
  ...zulipNotificationDefaults,
  notification_sound: defaultSound,
};

export function notificationSettingsOf(sql: Sql, userId: number): NotificationSettings {
  return settingsWithDefaults(sql, userId, notificationSettingDefaults);
}
