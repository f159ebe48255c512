import { pushNotificationsEnabled } from '../store/pushService';
import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import { MAX_FILE_UPLOAD_SIZE_MIB } from '../actions/uploads';
import { MAX_REMINDER_NOTE_LENGTH } from '../actions/reminderContent';
import { REPORT_MESSAGE_REASONS } from '../actions/reportReasons';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../actions/credentials';
import {
  PRESENCE_OFFLINE_THRESHOLD_SECONDS,
  PRESENCE_PING_INTERVAL_SECONDS,
} from '../actions/presence';
import { botDomain } from '../actions/botEmail';
import { legacyPolicySnapshot } from '../actions/legacyRealmPolicies';
import {
  MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
  MAX_CHANNEL_FOLDER_NAME_LENGTH,
} from '../actions/channelFolders';
import { MAX_EMOJI_FILE_SIZE_MIB } from '../actions/realmEmoji';
import { SERVER_GENERATION } from '../version';
import { groupSettingOf } from '../actions/realmGroupSettings';
import { MAX_ICON_FILE_SIZE_MIB } from '../actions/realmIcon';
import { MAX_MESSAGE_BYTES, MAX_STREAM_NAME_LENGTH, MAX_TOPIC_LENGTH } from '../actions/validate';
import type { Services } from '../services';
import { realmIconUrl } from '../shape/avatars';
import { serverEmojiDataPath } from '../shape/serverEmojiData';
import { getRealm, realmGroupSettingColumns, type RealmRow } from '../store/realm';
import { supportedPermissionSettings } from './permissionSettings';
import { realmFeatureState } from './realmFeatureState';
import { activeGroupSettingForApi } from '../queries/systemGroups';
import type { Sql } from '../store/sql';

// Zulip 7.0's realm settings for editing and moving messages.
function editSettings(realm: RealmRow | undefined): Record<string, unknown> {
  return {
    realm_allow_message_editing: realm?.allow_message_editing !== 0,
    realm_message_content_edit_limit_seconds: realm?.message_content_edit_limit_seconds ?? null,
    realm_move_messages_within_stream_limit_seconds:
      realm?.move_messages_within_stream_limit_seconds ?? null,
    realm_move_messages_between_streams_limit_seconds:
      realm?.move_messages_between_streams_limit_seconds ?? null,
    realm_message_edit_history_visibility_policy:
      realm?.message_edit_history_visibility_policy ?? 'all',
    realm_message_content_delete_limit_seconds: realm?.message_content_delete_limit_seconds ?? null,
  };
}

// The organization settings Hearth does not let anyone change, at the values
// a new Zulip 7.0 organization starts with (or, where Hearth has no such
// feature, the value that says so).
const fixedRealmSettings = {
  realm_avatar_changes_disabled: false,
  realm_default_code_block_language: '',
  realm_digest_emails_enabled: false,
  realm_digest_weekday: 1,
  realm_disallow_disposable_email_addresses: true,
  realm_email_changes_disabled: false,
  realm_emails_restricted_to_domains: false,
  realm_enable_spectator_access: false,
  realm_inline_image_preview: true,
  realm_inline_url_embed_preview: false,
  realm_invite_required: true,
  realm_message_content_allowed_in_email_notifications: true,
  // Zulip's -1: messages are kept forever.
  realm_message_retention_days: -1,
  realm_name_changes_disabled: false,
  realm_org_type: 0,
  realm_plan_type: 1,
  realm_presence_disabled: false,
  // No date at which the push service stops notifying (feature level 231):
  // Hearth keeps no plan of the service's.
  realm_push_notifications_enabled_end_timestamp: null,
  realm_send_welcome_emails: false,
  realm_waiting_period_threshold: 0,
  realm_want_advertise_in_communities_directory: false,
  realm_email_auth_enabled: true,
  realm_password_auth_enabled: true,
  realm_logo_url: '',
  realm_logo_source: 'D',
  realm_night_logo_url: '',
  realm_night_logo_source: 'D',
  realm_default_external_accounts: {},
  realm_upload_quota_mib: null,
  max_avatar_file_size_mib: 5,
  max_logo_file_size_mib: 5,
  settings_send_digest_emails: false,
  development_environment: false,
  server_generation: SERVER_GENERATION,
  zulip_plan_is_not_limited: true,
  server_inline_image_preview: true,
  // Zulip 9's list of the thumbnails a client may ask for (feature level 273):
  // none, as the host previews the original image and makes no thumbnails.
  server_thumbnail_formats: [],
  server_inline_url_embed_preview: false,
  server_avatar_changes_disabled: false,
  server_name_changes_disabled: false,
  server_web_public_streams_enabled: false,
  server_needs_upgrade: false,
  max_stream_description_length: 1024,
  // Zulip 7.0's presence cadence (feature level 164), which Hearth's presence follows.
  server_presence_ping_interval_seconds: PRESENCE_PING_INTERVAL_SECONDS,
  server_presence_offline_threshold_seconds: PRESENCE_OFFLINE_THRESHOLD_SECONDS,
  // Zulip's typing cadence (feature level 204), which the window's typing follows.
  server_typing_started_expiry_period_milliseconds: 45_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_wait_period_milliseconds: 30_000,
  // Zulip's password limits (feature level 338 added the longest).
  password_min_length: MIN_PASSWORD_LENGTH,
  password_max_length: MAX_PASSWORD_LENGTH,
  // Zulip 12's owner_full_content_access (feature level 438), which only a
  // server's administrator turns on from the command line: off, so that
  // owners reach private content only as Zulip's default security model lets them.
  realm_owner_full_content_access: false,
  // Zulip's Realm.REPORT_MESSAGE_REASONS (feature level 435), offered by
  // Zulip 12 whether or not an organization takes reports.
  server_report_message_types: Object.entries(REPORT_MESSAGE_REASONS).map(([key, name]) => ({
    key,
    name,
  })),
} as const;

// The organization's own settings that Zulip 8.0 to 10.0 added (feature
// levels 203, 216, 242, 246 and 348), and Zulip 11's require_e2ee_push_notifications (409).
function modernRealmSettings(realm: RealmRow | undefined): Record<string, unknown> {
  return {
    realm_date_created: realm?.date_created ?? 0,
    realm_enable_guest_user_indicator: realm?.enable_guest_user_indicator !== 0,
    realm_enable_guest_user_dm_warning: realm?.enable_guest_user_dm_warning !== 0,
    realm_require_unique_names: realm?.require_unique_names === 1,
    realm_zulip_update_announcements_stream_id: realm?.zulip_update_announcements_stream_id ?? -1,
    realm_require_e2ee_push_notifications: realm?.require_e2ee_push_notifications === 1,
  };
}

// Zulip 10's empty topic (feature level 334) and Zulip 11's topics_policy
// (392), with the realm_mandatory_topics of older clients that it replaced.
function topicsState(realm: RealmRow | undefined): Record<string, unknown> {
  const policy = realm?.topics_policy ?? 'allow_empty_topic';
  return {
    realm_empty_topic_display_name: defaultEmptyTopicName,
    realm_topics_policy: policy,
    realm_mandatory_topics: policy === 'disable_empty_topic',
  };
}

// The organization's group settings, each as `realm_<name>`, and the role
// policies of Zulip 7.0 they amount to, which its clients read.
function groupSettingsState(sql: Sql, realm: RealmRow): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const name of realmGroupSettingColumns) {
    state[`realm_${name}`] = activeGroupSettingForApi(sql, groupSettingOf(realm, name));
  }
  for (const [policy, value] of Object.entries(legacyPolicySnapshot(realm))) {
    state[`realm_${policy}`] = value;
  }
  return state;
}

/** Zulip's `realm` state: the organization's settings and the server's limits. */
export function realmState({ sql, realmUri, dev }: Services): Record<string, unknown> {
  const realm = getRealm(sql);
  return {
    ...fixedRealmSettings,
    realm_name: realm?.name ?? '',
    realm_description: realm?.description ?? '',
    realm_uri: realmUri(),
    realm_url: realmUri(),
    realm_uuid: realm?.uuid ?? null,
    realm_push_notifications_enabled: pushNotificationsEnabled(sql),
    realm_bot_domain: botDomain(realmUri()),
    realm_icon_url: realmIconUrl(realm?.icon_source ?? 'G', realm?.icon_version ?? 1),
    realm_icon_source: realm?.icon_source ?? 'G',
    realm_default_avatar_source: realm?.default_avatar_source ?? 'G',
    max_icon_file_size_mib: MAX_ICON_FILE_SIZE_MIB,
    max_emoji_file_size_mib: MAX_EMOJI_FILE_SIZE_MIB,
    max_file_upload_size_mib: MAX_FILE_UPLOAD_SIZE_MIB,
    max_stream_name_length: MAX_STREAM_NAME_LENGTH,
    max_topic_length: MAX_TOPIC_LENGTH,
    max_message_length: MAX_MESSAGE_BYTES,
    max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
    max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
    max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH,
    server_emoji_data_url: `${realmUri()}${serverEmojiDataPath}`,
    realm_enable_read_receipts: realm?.enable_read_receipts !== 0,
    realm_default_language: realm?.default_language ?? 'en',
    ...modernRealmSettings(realm),
    ...realmFeatureState(realm, dev),
    ...topicsState(realm),
    ...editSettings(realm),
    ...(realm ? groupSettingsState(sql, realm) : {}),
    server_supported_permission_settings: supportedPermissionSettings(sql),
  };
}
