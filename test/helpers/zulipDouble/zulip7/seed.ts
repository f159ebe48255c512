import { channelGroupSettingNames } from '../createChannel';
import { systemGroupId } from '../groups';
import type { Org } from '../org';

// The user settings of the double's examples that 7.0 has; the others came
// later (followed topics' alerts 189, automatic follows 214 and 235,
// web_stream_unreads_count_display_policy 210, web_home_view 219 for
// default_view, receives_typing_notifications 253, …).
const settings7 = [
  'available_notification_sounds',
  'color_scheme',
  'default_language',
  'demote_inactive_streams',
  'desktop_icon_count_display',
  'display_emoji_reaction_users',
  'email_address_visibility',
  'email_notifications_batching_period_seconds',
  'emojiset',
  'emojiset_choices',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_drafts_synchronization',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
  'starred_message_counts',
  'timezone',
  'translate_emoticons',
  'twenty_four_hour_time',
  'user_list_style',
  'web_mark_read_on_scroll_policy',
  'wildcard_mentions_notify',
];

function keepSettings(org: Org): void {
  const settings = org.userSettings;
  for (const key of Object.keys(settings)) {
    if (!settings7.includes(key)) Reflect.deleteProperty(settings, key);
  }
  // 7.0's defaults for what it had and later levels renamed (219) or removed (364).
  Object.assign(settings, {
    dense_mode: true,
    default_view: 'recent_topics',
    escape_navigates_to_default_view: true,
  });
}

/**
 * Makes the documented organization one a Zulip 7.0 server could hold: no
 * archived channel (7.0 deactivated channels vanish), no channel folders,
 * no empty topic, every permission one a role policy can say, and channels
 * administered by the organization's administrators alone.
 */
export function seedZulip7(org: Org): void {
  keepSettings(org);
  const group = (name: string) => systemGroupId(org, name);
  for (const [id, stream] of org.streams) {
    if (!stream.is_archived) continue;
    org.streams.delete(id);
    for (const message of [...org.messages.values()]) {
      if (message.streamId === id) {
        org.messages.delete(message.id);
        org.flags.delete(message.id);
      }
    }
  }
  for (const message of org.messages.values()) {
    if (message.streamId !== null && message.topic === '') message.topic = '(no topic)';
  }
  org.channelFolders.splice(0);
  for (const stream of org.streams.values()) {
    for (const name of channelGroupSettingNames) stream[name] = group('role:nobody');
    stream.can_send_message_group = group('role:everyone');
    stream.can_create_topic_group = group('role:everyone');
    stream.can_administer_channel_group = group('role:administrators');
    stream.can_remove_subscribers_group = group('role:administrators');
    stream.folder_id = null;
    stream.topics_policy = 'inherit';
  }
  Object.assign(org.realm, {
    realm_topics_policy: 'allow_empty_topic',
    realm_mandatory_topics: false,
    // 7.0's user_group_edit_policy decided creating and managing alike; members by default.
    realm_can_create_groups: group('role:members'),
    realm_can_manage_all_groups: group('role:members'),
    realm_can_resolve_topics_group: org.realm.realm_can_move_messages_between_topics_group,
  });
  for (const each of org.groups.values()) {
    if (each.is_system_group) continue;
    for (const name of [
      'can_manage_group',
      'can_add_members_group',
      'can_join_group',
      'can_leave_group',
      'can_remove_members_group',
    ]) {
      each[name] = group('role:nobody');
    }
    each.can_mention_group = group('role:everyone');
  }
}
