import { settingsWithDefaults } from './userSettings';
import type { Sql } from './sql';

/**
 * The user settings Zulip added after 7.0 that Hearth keeps. Most only change
 * how Zulip's web app shows things: the host stores, checks and announces
 * them. receives_typing_notifications changes what the host sends, and
 * resolved_topic_notice_auto_read_policy whether a resolved-topic notice arrives read.
 */
export interface ModernSettings {
  /** Feature level 210: 1 every channel, 2 unmuted channels, 3 none. */
  web_stream_unreads_count_display_policy: number;
  /** Feature level 245. */
  web_font_size_px: number;
  /** Feature level 245. */
  web_line_height_percent: number;
  /** Feature level 253. */
  receives_typing_notifications: boolean;
  /** Feature level 268. */
  web_navigate_to_sent_message: boolean;
  /** Feature levels 269, 383 and 401: 1 first topic, 2 channel feed, 3 topic list, 4 top unread topic. */
  web_channel_default_view: number;
  /** Feature level 275: always, on_hover or never. */
  web_animate_image_previews: string;
  /** Feature level 293. */
  allow_private_data_export: boolean;
  /** Feature level 329. */
  web_suggest_update_timezone: boolean;
  /** Feature level 398. */
  web_left_sidebar_unreads_count_summary: boolean;
  /** Feature level 411. */
  web_left_sidebar_show_channel_folders: boolean;
  /** Feature level 431. */
  web_inbox_show_channel_folders: boolean;
  /** Feature level 350: the person's clients hide AI features (the host offers none). */
  hide_ai_features: boolean;
  /** Feature level 385: always, except_followed or never (store/resolvedNoticeReaders.ts). */
  resolved_topic_notice_auto_read_policy: string;
}

// Zulip 12's UserBaseSettings defaults.
export const modernSettingDefaults: Readonly<ModernSettings> = {
  web_stream_unreads_count_display_policy: 2,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  receives_typing_notifications: true,
  web_navigate_to_sent_message: true,
  web_channel_default_view: 1,
  web_animate_image_previews: 'on_hover',
  allow_private_data_export: false,
  web_suggest_update_timezone: true,
  web_left_sidebar_unreads_count_summary: true,
  web_left_sidebar_show_channel_folders: true,
  web_inbox_show_channel_folders: true,
  hide_ai_features: false,
  resolved_topic_notice_auto_read_policy: 'except_followed',
};

export function modernSettingsOf(sql: Sql, userId: number): ModernSettings {
  return settingsWithDefaults(sql, userId, modernSettingDefaults);
}

/** Those of the users given who still want to hear who is typing. */
export function typingListeners(sql: Sql, userIds: readonly number[]): number[] {
  if (userIds.length === 0) return [];
  const refusing = new Set(
    sql
      .all<{ user_id: number }>(
        `SELECT user_id FROM user_settings
         WHERE name = 'receives_typing_notifications' AND value = 'false'`,
      )
      .map((row) => row.user_id),
  );
  return userIds.filter((id) => !refusing.has(id));
}
