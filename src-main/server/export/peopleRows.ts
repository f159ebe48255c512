import type { ProfileFieldRow, ProfileFieldValueRow } from '../store/customProfileFields';
import type { UserRow } from '../store/users';
import type { ExportScope } from './exportScope';
import type { ExportSource } from './exportSource';
import type { TargetTraits } from './zulipTarget';
import { zulipAcceptsEmail } from './zulipEmail';
import type { ZerverRow } from './zerverRow';

// Bot settings live on the user row too (008-bots).
interface UserRecord extends UserRow {
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  default_all_public_streams: number;
}

// The user settings Hearth keeps under the names of UserProfile fields that
// Zulip 9 to 12 all have. Others are left out, since a field the target's
// model lacks aborts the import: default_view and
// escape_navigates_to_default_view (renamed in 8.0), realm_name_in_notifications
// (a policy since 8.0), dense_mode and high_contrast_mode (gone since).
const carriedSettings = new Set([
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
]);

/** Hearth's own sounds mean nothing to Zulip; silence is the one choice both share. */
function carriedSound(value: unknown): string | undefined {
  return value === 'none' ? 'none' : undefined;
}

function settingsOf(source: ExportSource): Map<number, Record<string, unknown>> {
  const byUser = new Map<number, Record<string, unknown>>();
  for (const row of source.all<{ user_id: number; name: string; value: string }>(
    'SELECT user_id, name, value FROM user_settings ORDER BY user_id, name',
  )) {
    const value: unknown = JSON.parse(row.value);
    const carried =
      row.name === 'notification_sound'
        ? carriedSound(value)
        : carriedSettings.has(row.name)
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
export function userProfiles(source: ExportSource, realmId: number, scope: ExportScope): People {
  const settings = settingsOf(source);
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
