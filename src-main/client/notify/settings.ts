import type { InitialState } from '../../state/applyEvent';
import type { NotifySettings } from './policy';

/** The settings notifications and the badge read, with what Zulip gives a new account. */
export interface DesktopSettings extends NotifySettings {
  desktop_icon_count_display: number;
}

export const zulipDefaults: DesktopSettings = {
  enable_desktop_notifications: true,
  enable_sounds: true,
  enable_stream_desktop_notifications: false,
  enable_stream_audible_notifications: false,
  wildcard_mentions_notify: true,
  notification_sound: 'zulip',
  pm_content_in_desktop_notifications: true,
  desktop_icon_count_display: 1,
};

/**
 * The settings as the register state holds them now: Zulip 7.0's
 * `user_settings` object when the client asked for it, else the legacy
 * top-level copies; a value of the wrong type, or a missing one, is Zulip's
 * default rather than a reason to notify wrongly or not at all.
 */
export function desktopSettingsOf(state: InitialState): DesktopSettings {
  const object = state.user_settings;
  const source: Record<string, unknown> =
    object !== null && typeof object === 'object' ? (object as Record<string, unknown>) : state;
  const settings = { ...zulipDefaults };
  for (const name of Object.keys(zulipDefaults) as (keyof DesktopSettings)[]) {
    const value = source[name] ?? state[name];
    if (typeof value === typeof zulipDefaults[name]) {
      (settings as Record<string, unknown>)[name] = value;
    }
  }
  return settings;
}
