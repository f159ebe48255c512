import type { InitialState } from '../../state/applyEvent';
import type { NotifySettings } from './policy';

/** The 17 settings of Zulip's PATCH /settings/notifications, with what Zulip gives a new account. */
export const notificationDefaults = {
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
export type NotificationSettings = typeof notificationDefaults;

/** The settings notifications and the badge read. */
export interface DesktopSettings extends NotifySettings {
  desktop_icon_count_display: number;
}

export const zulipDefaults: DesktopSettings = notificationDefaults;

/**
 * The settings as the register state holds them now: Zulip 7.0's
 * `user_settings` object when the client asked for it, else the legacy
 * top-level copies; a value of the wrong type, or a missing one, is Zulip's
 * default rather than a reason to notify wrongly or not at all.
 */
export function notificationSettingsOf(state: InitialState): NotificationSettings {
  const object = state.user_settings;
  const source: Record<string, unknown> =
    object !== null && typeof object === 'object' ? (object as Record<string, unknown>) : state;
  const settings: Record<string, unknown> = { ...notificationDefaults };
  for (const [name, fallback] of Object.entries(notificationDefaults)) {
    const value = source[name] ?? state[name];
    if (typeof value === typeof fallback) settings[name] = value;
  }
  return settings as NotificationSettings;
}

export const desktopSettingsOf: (state: InitialState) => DesktopSettings = notificationSettingsOf;

/** The sounds the server offers, as its register state lists them. */
export function availableSoundsOf(state: InitialState): string[] {
  const object = state.user_settings as { available_notification_sounds?: unknown } | undefined;
  const listed = object?.available_notification_sounds ?? state.available_notification_sounds;
  return Array.isArray(listed) ? listed.filter((name) => typeof name === 'string') : [];
}
