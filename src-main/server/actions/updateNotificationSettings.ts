import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import {
  notificationSettingsOf,
  storeSetting,
  type NotificationSettingName,
  type NotificationSettings,
} from '../store/userSettings';
import type { UserRow } from '../store/users';

// The sounds shipped with Zulip 7 (static/audio/notification_sounds), plus "none".
export const availableNotificationSounds = ['chime', 'ding', 'zulip'] as const;

export type NotificationSettingsChange = {
  [K in NotificationSettingName]?: NotificationSettings[K] | undefined;
};

/** Applies the given settings and returns only those whose value changed, as Zulip answers. */
export function updateNotificationSettings(
  services: Services,
  user: UserRow,
  wanted: NotificationSettingsChange,
): Partial<NotificationSettings> {
  const sound = wanted.notification_sound;
  if (
    sound !== undefined &&
    sound !== 'none' &&
    !(availableNotificationSounds as readonly string[]).includes(sound)
  ) {
    throw errors.badRequest(`Invalid notification sound '${sound}'`);
  }
  const { sql } = services;
  const changed = sql.transaction(() => {
    const current = notificationSettingsOf(sql, user.id);
    const diff: Record<string, NotificationSettings[NotificationSettingName]> = {};
    for (const [name, value] of Object.entries(wanted)) {
      if (value === undefined || current[name as NotificationSettingName] === value) continue;
      storeSetting(sql, user.id, name, value);
      diff[name] = value;
    }
    return diff as Partial<NotificationSettings>;
  });

  // Zulip sends `user_settings` to clients with the user_settings_object
  // capability and the legacy `update_global_notifications` to the others;
  // Hearth's queues do not record capabilities, so every queue gets both.
  for (const [property, value] of Object.entries(changed)) {
    services.queues.notify(plainNotice('user_settings', { op: 'update', property, value }), [
      user.id,
    ]);
    services.queues.notify(
      plainNotice('update_global_notifications', {
        user: user.email,
        notification_name: property,
        setting: value,
      }),
      [user.id],
    );
  }
  return changed;
}
