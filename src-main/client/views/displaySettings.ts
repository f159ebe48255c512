import type { DisplayPatch, DisplaySettings } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { zulipLanguageCode } from '../../i18n/languages';
import { featureLevelOf } from '../../permissions/rolePolicies';

/** Some of the settings, as the bridge's parsed arguments give them. */
export type { DisplayPatch };

// Zulip's color_scheme values.
const themes = { 1: 'automatic', 2: 'dark', 3: 'light' } as const;
const colorSchemes = { automatic: 1, dark: 2, light: 3 } as const;

// Zulip 10 (feature level 364) removed dense_mode: its web app sizes the
// feed by font size and line height instead, which this window does not.
const denseModeRemovedSince = 364;

/**
 * The display settings the window follows, from the register state: Zulip
 * 5.0 moved them into user_settings, older servers send them at the top;
 * Zulip's defaults before any state.
 */
export function displaySettingsOf(state: InitialState | null): DisplaySettings {
  const settings = state?.user_settings;
  const setting = (name: string): unknown =>
    settings && name in settings ? settings[name] : state?.[name];
  const scheme = setting('color_scheme');
  // Zulip 11 (feature level 408): null leaves the clock to the locale.
  const clock = setting('twenty_four_hour_time');
  const language = setting('default_language');
  return {
    theme: scheme === 2 || scheme === 3 ? themes[scheme] : themes[1],
    twentyFourHourTime: clock === null ? null : clock === true,
    denseMode:
      state && featureLevelOf(state) >= denseModeRemovedSince
        ? null
        : setting('dense_mode') !== false,
    language: typeof language === 'string' && language !== '' ? language : null,
  };
}

/** The window's names for the settings, as Zulip's PATCH /settings takes them. */
export function zulipDisplayPatch(
  patch: DisplayPatch,
  featureLevel: number,
): Record<string, boolean | number | string | undefined> {
  return {
    color_scheme: patch.theme === undefined ? undefined : colorSchemes[patch.theme],
    twenty_four_hour_time: patch.twentyFourHourTime,
    dense_mode: patch.denseMode,
    default_language:
      patch.language === undefined ? undefined : zulipLanguageCode(patch.language, featureLevel),
    timezone: patch.timezone,
  };
}
