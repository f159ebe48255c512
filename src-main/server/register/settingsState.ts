import type { Services } from '../services';
import { availableNotificationSounds } from '../actions/updateNotificationSettings';
import { userSettingsOf } from '../actions/userSettings';
import {
  displaySettingsOf,
  legacyDisplaySettings,
  legacyNotificationExtras,
} from '../store/displaySettings';
import { notificationSettingsOf } from '../store/userSettings';
import type { UserRow } from '../store/users';

// Zulip's UserProfile.emojiset_choices().
const emojisetChoices = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/** Zulip 7.0's `user_settings` object: every setting, plus the choices clients offer. */
export function userSettingsState(services: Services, user: UserRow) {
  return {
    user_settings: {
      ...userSettingsOf(services, user),
      timezone: user.timezone,
      emojiset_choices: emojisetChoices.map((choice) => ({ ...choice })),
      available_notification_sounds: [...availableNotificationSounds],
    },
  };
}

/** The legacy top-level notification settings, kept current by update_global_notifications. */
export function legacyNotificationState(services: Services, user: UserRow) {
  const display = displaySettingsOf(services.sql, user.id);
  return {
    ...notificationSettingsOf(services.sql, user.id),
    ...Object.fromEntries(legacyNotificationExtras.map((name) => [name, display[name]])),
    available_notification_sounds: [...availableNotificationSounds],
  };
}

/** The legacy top-level display settings, kept current by update_display_settings. */
export function legacyDisplayState(services: Services, user: UserRow) {
  const display = displaySettingsOf(services.sql, user.id);
  return {
    ...Object.fromEntries(legacyDisplaySettings.map((name) => [name, display[name]])),
    emojiset_choices: emojisetChoices.map((choice) => ({ ...choice })),
    timezone: user.timezone,
  };
}
