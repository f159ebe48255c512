import type { DisplaySettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../state/applyEvent';

/** Some of the settings, as the bridge's parsed arguments give them. */
export type DisplayPatch = { [K in keyof DisplaySettings]?: DisplaySettings[K] | undefined };

// Zulip's color_scheme values.
const themes = { 1: 'automatic', 2: 'dark', 3: 'light' } as const;
const colorSchemes = { automatic: 1, dark: 2, light: 3 } as const;

/**
 * The display settings the window follows, from the register state: Zulip
 * 5.0 moved them into user_settings, older servers send them at the top;
 * Zulip's defaults before any state.
 */
export function displaySettingsOf(state: InitialState | null): DisplaySettings {
  const setting = (name: string): unknown => state?.user_settings?.[name] ?? state?.[name];
  const scheme = setting('color_scheme');
  return {
    theme: scheme === 2 || scheme === 3 ? themes[scheme] : themes[1],
    twentyFourHourTime: setting('twenty_four_hour_time') === true,
    denseMode: setting('dense_mode') !== false,
  };
}

/** The window's names for the settings, as Zulip's PATCH /settings takes them. */
export function zulipDisplayPatch(
  patch: DisplayPatch,
): Record<string, boolean | number | undefined> {
  return {
    color_scheme: patch.theme === undefined ? undefined : colorSchemes[patch.theme],
    twenty_four_hour_time: patch.twentyFourHourTime,
    dense_mode: patch.denseMode,
  };
}
