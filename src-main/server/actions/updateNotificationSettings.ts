import { hearthSounds } from '../../wire/sounds';
import { errors } from '../errors';
import type { Services } from '../services';
import type { NotificationSettingName, NotificationSettings } from '../store/userSettings';
import type { UserRow } from '../store/users';
import { changeUserSettings } from './userSettings';

// A Hearth host offers the sounds Hearth ships. "zulip", Zulip's default, is
// still taken, so a Zulip client that resets the setting is not refused; Hearth
// plays its own default for it, as for any name it does not ship.
export const availableNotificationSounds = hearthSounds;
const acceptedSounds = new Set<string>([...hearthSounds, 'zulip', 'none']);

export type NotificationSettingsChange = {
  [K in NotificationSettingName]?: NotificationSettings[K] | undefined;
};

export function checkNotificationSound(sound: string | undefined): void {
  if (sound !== undefined && !acceptedSounds.has(sound)) {
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
