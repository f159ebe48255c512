import { getRealm } from './realm';
import { settingsWithDefaults, storeSetting } from './userSettings';
import type { Sql } from './sql';

export interface DisplaySettings {
  twenty_four_hour_time: boolean;
  web_mark_read_on_scroll_policy: number;
  starred_message_counts: boolean;
  fluid_layout_width: boolean;
  high_contrast_mode: boolean;
  color_scheme: number;
  translate_emoticons: boolean;
  display_emoji_reaction_users: boolean;
  default_language: string;
  web_home_view: string;
  web_escape_navigates_to_home_view: boolean;
  left_side_userlist: boolean;
  emojiset: string;
  demote_inactive_streams: number;
  user_list_style: number;
  enable_drafts_synchronization: boolean;
  enter_sends: boolean;
  send_private_typing_notifications: boolean;
  send_stream_typing_notifications: boolean;
  send_read_receipts: boolean;
  presence_enabled: boolean;
  email_address_visibility: number;
  enable_marketing_emails: boolean;
  email_notifications_batching_period_seconds: number;
}
export type DisplaySettingName = keyof DisplaySettings;

// Zulip's defaults for the user settings beyond the global notification
// ones (UserBaseSettings): display, typing, privacy and email cadence; as
// Zulip 12 names them, its home view the inbox (feature level 219). Zulip
// 10 replaced dense_mode by the font size and line height (364).
export const displaySettingDefaults: Readonly<DisplaySettings> = {
  twenty_four_hour_time: false,
  web_mark_read_on_scroll_policy: 1,
  starred_message_counts: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  color_scheme: 1,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  default_language: 'en',
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 2,
  enable_drafts_synchronization: true,
  enter_sends: false,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  presence_enabled: true,
  email_address_visibility: 1,
  enable_marketing_emails: true,
  email_notifications_batching_period_seconds: 120,
};

export function displaySettingsOf(sql: Sql, userId: number): DisplaySettings {
  return settingsWithDefaults(sql, userId, displaySettingDefaults);
}

/**
 * A new user's language: the organization's default_language, as Zulip's
 * do_create_user gives every new account (7.5 mended 6.0's English for users
 * created through the API). Only a language other than the default is stored.
 */
export function startWithRealmLanguage(sql: Sql, userId: number): void {
  const language = getRealm(sql)?.default_language;
  if (language !== undefined && language !== displaySettingDefaults.default_language) {
    storeSetting(sql, userId, 'default_language', language);
  }
}
