import { z } from 'zod';
import { updateNotificationSettings } from '../../actions/updateNotificationSettings';
import { userEndpoint } from '../endpoint';
import { optional } from '../params';

const flag = () => optional('json', z.boolean());

/** The 17 global notification settings, shared with the unified PATCH /settings. */
export const notificationSettingParams = {
  enable_stream_desktop_notifications: flag(),
  enable_stream_email_notifications: flag(),
  enable_stream_push_notifications: flag(),
  enable_stream_audible_notifications: flag(),
  notification_sound: optional('text', z.string()),
  enable_desktop_notifications: flag(),
  enable_sounds: flag(),
  enable_offline_email_notifications: flag(),
  enable_offline_push_notifications: flag(),
  enable_online_push_notifications: flag(),
  enable_digest_emails: flag(),
  enable_login_emails: flag(),
  message_content_in_email_notifications: flag(),
  pm_content_in_desktop_notifications: flag(),
  wildcard_mentions_notify: flag(),
  // Zulip's choices: 1 all unreads, 2 private messages and mentions, 3 none.
  desktop_icon_count_display: optional('json', z.number().int().min(1).max(3)),
  realm_name_in_notifications: flag(),
};

export const updateNotificationSettingsEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/settings/notifications',
  params: notificationSettingParams,
  handle: ({ services, params, user }) => updateNotificationSettings(services, user, params),
});
