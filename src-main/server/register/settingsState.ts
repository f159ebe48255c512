import type { Services } from '../services';
import { availableNotificationSounds } from '../actions/updateNotificationSettings';
import { userSettingsOf } from '../actions/userSettings';
import type { UserRow } from '../store/users';

// Zulip's UserProfile.emojiset_choices().
const emojisetChoices = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/**
 * Zulip's `user_settings` object: every setting, plus the choices clients
 * offer; Zulip 12 gives the settings nowhere else (feature level 439).
 */
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
