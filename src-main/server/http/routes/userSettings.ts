import { z } from 'zod';
import { checkNotificationSound } from '../../actions/updateNotificationSettings';
import { changeFullName } from '../../actions/changeFullName';
import { changeTimezone, checkTimezone } from '../../actions/changeTimezone';
import { changePassword, regenerateOwnApiKey } from '../../actions/credentials';
import { checkUserLanguage } from '../../actions/languages';
import { changeUserSettings } from '../../actions/userSettings';
import { changeSettingsForOthers } from '../../actions/settingsForOthers';
import { errors } from '../../errors';
import { automaticPolicyChoices } from '../../store/followedTopicSettings';
import { answerAfter } from '../answerAfter';
import { userEndpoint } from '../endpoint';
import { optional } from '../params';
import { intIn, stringIn } from '../possibleValues';
import { notificationSettingParams } from './settings';

const flag = () => optional('json', z.boolean());
const choice = (...values: number[]) =>
  optional(
    'json',
    z
      .number()
      .int()
      .refine((value) => values.includes(value), {
        message: `must be one of ${values.join(', ')}`,
      }),
  );

// Zulip 11's ResolvedTopicNoticeAutoReadPolicyEnum.
const resolvedNoticePolicies = ['always', 'except_followed', 'never'];

// Zulip's TargetUsersData.
const targetUsers = z
  .object({
    user_ids: z.array(z.number().int()).default([]),
    group_ids: z.array(z.number().int()).default([]),
    skip_if_already_edited: z.boolean(),
  })
  .strict();

const MIN_EMAIL_BATCHING_SECONDS = 120;
const MAX_EMAIL_BATCHING_SECONDS = 7 * 24 * 60 * 60;

// Zulip's unified PATCH /settings, for the full name, the notification,
// display and privacy settings Hearth keeps (under Zulip 12's names), the
// language and the time zone; email changes are not offered here.
export const updateSettingsEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/settings',
  params: {
    full_name: optional('text', z.string()),
    old_password: optional('text', z.string().max(1000), ''),
    new_password: optional('text', z.string().max(1000), ''),
    ...notificationSettingParams,
    enable_marketing_emails: flag(),
    presence_enabled: flag(),
    email_notifications_batching_period_seconds: optional('json', z.number().int()),
    twenty_four_hour_time: flag(),
    web_mark_read_on_scroll_policy: choice(1, 2, 3),
    starred_message_counts: flag(),
    fluid_layout_width: flag(),
    high_contrast_mode: flag(),
    color_scheme: choice(1, 2, 3),
    translate_emoticons: flag(),
    display_emoji_reaction_users: flag(),
    // Plain text since Zulip 4.0 (feature level 63), as the other strings.
    default_language: optional('text', z.string()),
    // Zulip's choices since feature level 454, when recent_topics became recent.
    web_home_view: optional('text', stringIn(['recent', 'inbox', 'all_messages'])),
    web_escape_navigates_to_home_view: flag(),
    left_side_userlist: flag(),
    emojiset: optional('text', z.enum(['google', 'google-blob', 'twitter', 'text'])),
    demote_inactive_streams: choice(1, 2, 3),
    user_list_style: choice(1, 2, 3),
    enable_drafts_synchronization: flag(),
    enter_sends: flag(),
    send_private_typing_notifications: flag(),
    send_stream_typing_notifications: flag(),
    send_read_receipts: flag(),
    email_address_visibility: choice(1, 2, 3, 4, 5),
    // Followed topics: feature levels 189, 214 and 235, worded as Zulip 12 words a refusal.
    enable_followed_topic_desktop_notifications: flag(),
    enable_followed_topic_email_notifications: flag(),
    enable_followed_topic_push_notifications: flag(),
    enable_followed_topic_audible_notifications: flag(),
    enable_followed_topic_wildcard_mentions_notify: flag(),
    automatically_follow_topics_policy: optional('json', intIn(automaticPolicyChoices)),
    automatically_unmute_topics_in_muted_streams_policy: optional(
      'json',
      intIn(automaticPolicyChoices),
    ),
    automatically_follow_topics_where_mentioned: flag(),
    // The settings Zulip added after 7.0 (store/modernSettings.ts).
    web_stream_unreads_count_display_policy: optional('json', intIn([1, 2, 3])),
    web_font_size_px: optional('json', z.number().int()),
    web_line_height_percent: optional('json', z.number().int()),
    receives_typing_notifications: flag(),
    web_navigate_to_sent_message: flag(),
    web_channel_default_view: optional('json', intIn([1, 2, 3, 4])),
    web_animate_image_previews: optional('text', stringIn(['always', 'on_hover', 'never'])),
    allow_private_data_export: flag(),
    web_suggest_update_timezone: flag(),
    web_left_sidebar_unreads_count_summary: flag(),
    web_left_sidebar_show_channel_folders: flag(),
    web_inbox_show_channel_folders: flag(),
    hide_ai_features: flag(),
    // Refused as Zulip's parse_enum_from_string_value words it, below.
    resolved_topic_notice_auto_read_policy: optional('text', z.string()),
    timezone: optional('text', z.string()),
    // Zulip 12 (feature level 444): an administrator's change for others.
    target_users: optional('json', targetUsers),
  },
  handle: ({ services, params, user }) => {
    const { timezone, target_users: targets, ...settings } = params;
    if (timezone !== undefined) checkTimezone(timezone);
    const autoRead = params.resolved_topic_notice_auto_read_policy;
    if (autoRead !== undefined && !resolvedNoticePolicies.includes(autoRead)) {
      throw errors.badRequest('Invalid resolved_topic_notice_auto_read_policy');
    }
    if (params.default_language !== undefined) checkUserLanguage(params.default_language);
    checkNotificationSound(params.notification_sound);
    const batching = params.email_notifications_batching_period_seconds;
    if (
      batching !== undefined &&
      (batching < MIN_EMAIL_BATCHING_SECONDS || batching > MAX_EMAIL_BATCHING_SECONDS)
    ) {
      throw errors.badRequest(`Invalid email batching period: ${batching} seconds`);
    }
    if (targets !== undefined) {
      // A name, unlike a password or a time zone, is no setting: Zulip leaves it be.
      const personal = params.new_password !== '' || timezone !== undefined;
      changeSettingsForOthers(services, user, targets, settings, personal);
      return {};
    }
    const change = () => {
      // The name is checked before any setting changes, so a refused one changes nothing.
      if (params.full_name !== undefined) changeFullName(services, user, params.full_name);
      changeUserSettings(services, user, settings);
      // Last, as in Zulip: it is not one of the settings stored by name.
      if (timezone !== undefined) changeTimezone(services, user, timezone);
      return {};
    };
    if (params.new_password === '') return change();
    // As in Zulip, a password change goes first: a wrong old password changes nothing.
    return answerAfter(
      changePassword(services, user, params.old_password, params.new_password),
      change,
    );
  },
});

export const regenerateOwnApiKeyEndpoint = userEndpoint({
  method: 'POST',
  path: '/users/me/api_key/regenerate',
  params: {},
  handle: ({ services, user }) => ({ api_key: regenerateOwnApiKey(services, user) }),
});
