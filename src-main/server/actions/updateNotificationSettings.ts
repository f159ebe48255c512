import { errors } from '../errors';
import type { Services } from '../services';
import type { NotificationSettingName, NotificationSettings } from '../store/userSettings';
import type { UserRow } from '../store/users';
import { changeUserSettings } from './userSettings';

// The sounds shipped with Zulip 7 (static/audio/notification_sounds), plus "none".
export const availableNotificationSounds = ['chime', 'ding', 'zulip'] as const;

export type NotificationSettingsChange = {
  [K in NotificationSettingName]?: NotificationSettings[K] | undefined;
};

export function checkNotificationSound(sound: string | undefined): void {
  if (sound === undefined || sound === 'none') return;
  if (!(availableNotificationSounds as readonly string[]).includes(sound)) {
    throw errors.badRequest(`Invalid notification sound '${sound}'`);
  }
}

/** Applies the given settings and returns only those whose value changed, as Zulip answers. */
export function updateNotificationSettings(
  services: Services,
  user: UserRow,
  wanted: NotificationSettingsChange,
): Partial<NotificationSettings> {
  checkNotificationSound(wanted.notification_sound);
  return changeUserSettings(services, user, wanted) as Partial<NotificationSettings>;
}
