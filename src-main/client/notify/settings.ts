import type { InitialState } from '../../wire/registerState';
import type { NotifySettings } from './policy';
import {
  zulipNotificationDefaults,
  type NotificationSettings,
} from '../../wire/notificationSettings';

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
  const settings: Record<string, unknown> = { ...zulipNotificationDefaults };
  for (const [name, fallback] of Object.entries(zulipNotificationDefaults)) {
    const value = source[name] ?? state[name];
    if (typeof value === typeof fallback) settings[name] = value;
  }
  return settings as unknown as NotificationSettings;
}

/** The sounds the server offers, as its register state lists them. */
export function availableSoundsOf(state: InitialState): string[] {
  const object = state.user_settings as { available_notification_sounds?: unknown } | undefined;
  const listed = object?.available_notification_sounds ?? state.available_notification_sounds;
  return Array.isArray(listed) ? listed.filter((name) => typeof name === 'string') : [];
}

// Zulip 8 (feature level 189): how messages in followed topics notify.
const followedTopicSettingNames = [
  'enable_followed_topic_desktop_notifications',
  'enable_followed_topic_audible_notifications',
  'enable_followed_topic_push_notifications',
  'enable_followed_topic_email_notifications',
  'enable_followed_topic_wildcard_mentions_notify',
] as const;

export type FollowedTopicSettings = Partial<
  Record<(typeof followedTopicSettingNames)[number], boolean>
>;

/** The followed-topic settings the server has; none from a server without followed topics. */
export function followedTopicSettingsOf(state: InitialState | null): FollowedTopicSettings {
  const settings: FollowedTopicSettings = {};
  const object = state?.user_settings;
  for (const name of followedTopicSettingNames) {
    const value = object?.[name] ?? state?.[name];
    if (typeof value === 'boolean') settings[name] = value;
  }
  return settings;
}

/**
 * What the notification policy reads: the global settings, and the
 * followed-topic ones where the server has them (a server without followed
 * topics sends none, and none is taken as off).
 */
export function notifySettingsOf(state: InitialState | null): NotifySettings {
  const settings = state ? notificationSettingsOf(state) : zulipNotificationDefaults;
  return { ...settings, ...followedTopicSettingsOf(state) };
}
