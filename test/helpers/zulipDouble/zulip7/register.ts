import type { Org } from '../org';
import { group7, playground7, stream7, subscription7, user7 } from './objects';
import { rolePolicyState } from './policies';

// The realm settings of the double's examples that 7.0's register has too;
// the others came later (realm_date_created 203, the Jitsi URLs 212,
// realm_require_unique_names 246, realm_empty_topic_display_name 334,
// realm_topics_policy 392, the group settings from 209 on, …).
const realmKeys7 = new Set([
  'development_environment',
  'jitsi_server_url',
  'max_avatar_file_size_mib',
  'max_file_upload_size_mib',
  'max_icon_file_size_mib',
  'max_logo_file_size_mib',
  'password_min_guesses',
  'password_min_length',
  'realm_allow_message_editing',
  'realm_avatar_changes_disabled',
  'realm_bot_domain',
  'realm_default_code_block_language',
  'realm_default_language',
  'realm_description',
  'realm_digest_emails_enabled',
  'realm_digest_weekday',
  'realm_email_auth_enabled',
  'realm_email_changes_disabled',
  'realm_emails_restricted_to_domains',
  'realm_enable_read_receipts',
  'realm_enable_spectator_access',
  'realm_icon_source',
  'realm_icon_url',
  'realm_inline_image_preview',
  'realm_inline_url_embed_preview',
  'realm_invite_required',
  'realm_logo_source',
  'realm_logo_url',
  'realm_mandatory_topics',
  'realm_message_content_allowed_in_email_notifications',
  'realm_message_content_delete_limit_seconds',
  'realm_message_content_edit_limit_seconds',
  'realm_message_retention_days',
  'realm_move_messages_between_streams_limit_seconds',
  'realm_move_messages_within_stream_limit_seconds',
  'realm_name',
  'realm_name_changes_disabled',
  'realm_night_logo_source',
  'realm_night_logo_url',
  'realm_org_type',
  'realm_password_auth_enabled',
  'realm_plan_type',
  'realm_presence_disabled',
  'realm_push_notifications_enabled',
  'realm_send_welcome_emails',
  'realm_upload_quota_mib',
  'realm_uri',
  'realm_video_chat_provider',
  'realm_waiting_period_threshold',
  'realm_want_advertise_in_communities_directory',
  'server_inline_image_preview',
  'server_inline_url_embed_preview',
  'server_web_public_streams_enabled',
  'settings_send_digest_emails',
  'zulip_plan_is_not_limited',
]);

// Register sections that came after 7.0: channel folders (389), saved
// snippets (297), reminders (399), navigation views (390), onboarding
// steps (233, hotspots before), and presence_last_update_id (263).
const laterSections = [
  'channel_folders',
  'saved_snippets',
  'reminders',
  'navigation_views',
  'onboarding_steps',
  'presence_last_update_id',
];

/** The realm part of 7.0's state: its settings, its role policies and its older names. */
export function realmState7(org: Org): Record<string, unknown> {
  const realm = org.realm;
  const kept = Object.entries(realm).filter(([key]) => realmKeys7.has(key));
  return {
    ...Object.fromEntries(kept),
    ...rolePolicyState(org),
    // Renamed new_stream_announcements_stream_id and signup_announcements_stream_id at 241.
    realm_notifications_stream_id: realm.realm_new_stream_announcements_stream_id,
    realm_signup_notifications_stream_id: realm.realm_signup_announcements_stream_id,
    // Replaced by message_edit_history_visibility_policy at 358.
    realm_allow_edit_history: realm.realm_message_edit_history_visibility_policy !== 'none',
    realm_is_zephyr_mirror_realm: false,
    server_needs_upgrade: false,
  };
}

type State = Record<string, unknown>;
const list = (value: unknown) => (Array.isArray(value) ? (value as State[]) : []);

/** Register's answer as 7.0 gives it, from the double's modern one. */
export function registerState7(org: Org, modern: State, settingsObject: boolean): State {
  const dropped = new Set([...Object.keys(org.realm), ...laterSections]);
  const state: State = {
    ...Object.fromEntries(Object.entries(modern).filter(([key]) => !dropped.has(key))),
    zulip_merge_base: '7.0',
  };
  if ('realm_name' in modern) Object.assign(state, realmState7(org));
  for (const key of ['realm_users', 'realm_non_active_users', 'cross_realm_bots']) {
    if (key in state) state[key] = list(state[key]).map(user7);
  }
  if ('realm_user_groups' in state)
    state.realm_user_groups = list(state.realm_user_groups).map(group7);
  if ('subscriptions' in state) {
    state.subscriptions = list(state.subscriptions).map((sub) => subscription7(org, sub));
  }
  if ('never_subscribed' in state) {
    state.never_subscribed = list(state.never_subscribed).map((stream) => ({
      ...stream7(org, stream),
      ...('subscribers' in stream ? { subscribers: stream.subscribers } : {}),
    }));
  }
  if ('streams' in state) state.streams = list(state.streams).map((stream) => stream7(org, stream));
  if ('realm_playgrounds' in state)
    state.realm_playgrounds = list(state.realm_playgrounds).map(playground7);
  if ('realm_bots' in state) {
    state.realm_bots = list(state.realm_bots).map((bot) => ({
      ...bot,
      // Bot objects lost their key at 474.
      api_key: org.apiKeys.get(Number(bot.user_id)) ?? '',
    }));
  }
  if (Array.isArray(state.realm_default_streams)) {
    // Given by ID only since 330; 7.0 gives each channel whole.
    state.realm_default_streams = (state.realm_default_streams as number[]).flatMap((id) => {
      const stream = org.streams.get(id);
      return stream ? [stream7(org, { ...stream })] : [];
    });
  }
  // 7.0 sends the settings at the top level too to a client without user_settings_object.
  if (!settingsObject && typeof state.user_settings === 'object') {
    Object.assign(state, state.user_settings);
  }
  return state;
}
