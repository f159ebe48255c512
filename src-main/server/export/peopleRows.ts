import type { ProfileFieldRow, ProfileFieldValueRow } from '../store/customProfileFields';
import type { UserRow } from '../store/users';
import type { ExportScope } from './exportScope';
import type { ExportSource } from './exportSource';
import type { TargetTraits, ZulipVersion } from './zulipTarget';
import { zulipAcceptsEmail } from './zulipEmail';
import type { ZerverRow } from './zerverRow';

// Bot settings live on the user row too (008-bots).
interface UserRecord extends UserRow {
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  default_all_public_streams: number;
}

// The user settings Hearth keeps under the names of UserProfile fields, each
// with the first release (of those an export is written for) whose model has
// it, since a field the target's model lacks aborts the import. Left out:
// dense_mode and high_contrast_mode (gone since 8.0).
const settingSince = new Map<string, ZulipVersion>([
  ...[
    'twenty_four_hour_time',
    'color_scheme',
    'translate_emoticons',
    'enter_sends',
    'default_language',
    'emojiset',
    'left_side_userlist',
    'starred_message_counts',
    'fluid_layout_width',
    'demote_inactive_streams',
    'user_list_style',
    'display_emoji_reaction_users',
    'enable_drafts_synchronization',
    'send_private_typing_notifications',
    'send_stream_typing_notifications',
    'send_read_receipts',
    'presence_enabled',
    'email_address_visibility',
    'enable_marketing_emails',
    'email_notifications_batching_period_seconds',
    'web_mark_read_on_scroll_policy',
    'enable_stream_desktop_notifications',
    'enable_stream_email_notifications',
    'enable_stream_push_notifications',
    'enable_stream_audible_notifications',
    'enable_desktop_notifications',
    'enable_sounds',
    'enable_offline_email_notifications',
    'enable_offline_push_notifications',
    'enable_online_push_notifications',
    'enable_digest_emails',
    'enable_login_emails',
    'message_content_in_email_notifications',
    'pm_content_in_desktop_notifications',
    'wildcard_mentions_notify',
    'desktop_icon_count_display',
    // Zulip 8.0 and 9.0 (feature levels 210 to 275), under the names
    // migration 040 gave the renamed ones.
    'web_home_view',
    'web_escape_navigates_to_home_view',
    'web_stream_unreads_count_display_policy',
    'web_font_size_px',
    'web_line_height_percent',
    'receives_typing_notifications',
    'web_navigate_to_sent_message',
    'web_animate_image_previews',
    'enable_followed_topic_desktop_notifications',
    'enable_followed_topic_email_notifications',
    'enable_followed_topic_push_notifications',
    'enable_followed_topic_audible_notifications',
    'enable_followed_topic_wildcard_mentions_notify',
    'automatically_follow_topics_policy',
    'automatically_unmute_topics_in_muted_streams_policy',
    'automatically_follow_topics_where_mentioned',
  ].map((name) => [name, 9] as const),
  // Feature levels 293, 329 and 350.
  ['allow_private_data_export', 10],
  ['web_suggest_update_timezone', 10],
  ['hide_ai_features', 10],
  // Feature level 269, with the values 3 and 4 that 383 and 401 added.
  ['web_channel_default_view', 11],
  ['web_left_sidebar_unreads_count_summary', 11],
  ['web_left_sidebar_show_channel_folders', 11],
  ['web_inbox_show_channel_folders', 12],
]);

// Zulip's ResolvedTopicNoticeAutoReadPolicyEnum, which stores the API's
// names (feature level 385, Zulip 11) as numbers.
const resolvedNoticePolicyNumber: Record<string, number> = {
  always: 1,
  except_followed: 2,
  never: 3,
};

/** Hearth's own sounds mean nothing to Zulip; silence is the one choice both share. */
function carriedSound(value: unknown): string | undefined {
  return value === 'none' ? 'none' : undefined;
}

function settingsOf(
  source: ExportSource,
  release: ZulipVersion,
): Map<number, Record<string, unknown>> {
  const byUser = new Map<number, Record<string, unknown>>();
  for (const row of source.all<{ user_id: number; name: string; value: string }>(
    'SELECT user_id, name, value FROM user_settings ORDER BY user_id, name',
  )) {
    const value: unknown = JSON.parse(row.value);
    const carried =
      row.name === 'notification_sound'
        ? carriedSound(value)
        : row.name === 'resolved_topic_notice_auto_read_policy'
          ? release >= 11
            ? resolvedNoticePolicyNumber[String(value)]
            : undefined
          : (settingSince.get(row.name) ?? Infinity) <= release
            ? value
            : undefined;
    if (carried === undefined) continue;
    const settings = byUser.get(row.user_id) ?? {};
    settings[row.name] = carried;
    byUser.set(row.user_id, settings);
  }
  return byUser;
}

// What someone chose to keep to themselves goes with them in every export:
// their defaults would show more of them than they let be seen.
const privacySettings = new Set([
  'email_address_visibility',
  'presence_enabled',
  'send_read_receipts',
  'send_private_typing_notifications',
  'send_stream_typing_notifications',
]);

/** Someone whose private data stays behind arrives with the defaults, but for their privacy. */
function settingsFor(settings: Record<string, unknown>, holdsPrivateData: boolean) {
  if (holdsPrivateData) return settings;
  return Object.fromEntries(Object.entries(settings).filter(([name]) => privacySettings.has(name)));
}

export interface People {
  users: ZerverRow[];
  /** Emails Zulip's importer would refuse, which abort the import: to change before moving. */
  refusedEmails: string[];
}

/**
 * zerver_userprofile. Passwords and API keys are not exported: Zulip's
 * importer replaces both, and cannot read Hearth's scrypt hashes.
 */
export function userProfiles(
  source: ExportSource,
  realmId: number,
  scope: ExportScope,
  traits: TargetTraits,
): People {
  const settings = settingsOf(source, traits.release);
  const users = source.all<UserRecord>('SELECT * FROM users WHERE is_system_bot = 0 ORDER BY id');
  return {
    users: users.map((user) => ({
      id: user.id,
      realm: realmId,
      email: user.email,
      delivery_email: user.email,
      full_name: user.full_name,
      role: user.role,
      is_active: user.is_active === 1,
      is_bot: user.is_bot === 1,
      bot_type: user.bot_type,
      bot_owner: user.bot_owner_id,
      is_mirror_dummy: false,
      timezone: user.timezone,
      date_joined: user.date_joined,
      last_login: null,
      last_reminder: null,
      last_active_message_id: null,
      default_sending_stream: user.default_sending_stream_id,
      default_events_register_stream: user.default_events_register_stream_id,
      default_all_public_streams: user.default_all_public_streams === 1,
      // Zulip keeps a Jdenticon pattern (feature level 466) as an uploaded
      // image, which the importer takes from avatars/ and Hearth has none
      // of: everyone starts with Zulip's Gravatar fallback.
      avatar_source: 'G',
      groups: [],
      user_permissions: [],
      // The importer renders each message with its sender's choice.
      translate_emoticons: false,
      ...settingsFor(settings.get(user.id) ?? {}, scope.holdsPrivateDataOf(user.id)),
    })),
    refusedEmails: users.map((user) => user.email).filter((email) => !zulipAcceptsEmail(email)),
  };
}

export function customProfileFields(
  source: ExportSource,
  realmId: number,
  traits: TargetTraits,
): ZerverRow[] {
  return source
    .all<ProfileFieldRow>('SELECT * FROM custom_profile_fields ORDER BY id')
    .map((field) => ({
      id: field.id,
      realm: realmId,
      name: field.name,
      hint: field.hint,
      field_type: field.field_type,
      field_data: field.field_data,
      order: field.sort_order,
      display_in_profile_summary: field.display_in_profile_summary === 1,
      required: field.required === 1,
      ...(traits.profileFieldEditableByUser
        ? { editable_by_user: field.editable_by_user === 1 }
        : {}),
      ...(traits.profileFieldUserMatching
        ? { use_for_user_matching: field.use_for_user_matching === 1 }
        : {}),
    }));
}

/** Values of user fields are JSON lists of user IDs, which the importer renumbers. */
export function customProfileFieldValues(source: ExportSource): ZerverRow[] {
  return source
    .all<ProfileFieldValueRow>(
      'SELECT * FROM custom_profile_field_values ORDER BY user_id, field_id',
    )
    .map((row, index) => ({
      id: index + 1,
      user_profile: row.user_id,
      field: row.field_id,
      value: row.value,
      rendered_value: row.rendered_value,
    }));
}

/** Zulip's AlertWord, which its importer reads when present. */
export function alertWords(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; user_id: number; word: string }>('SELECT * FROM alert_words ORDER BY id')
    .map((row) => ({ id: row.id, realm: realmId, user_profile: row.user_id, word: row.word }));
}
