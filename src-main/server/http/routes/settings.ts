import { z } from 'zod';
import { updateNotificationSettings } from '../../actions/updateNotificationSettings';
import { userEndpoint } from '../endpoint';
import { optional } from '../params';
import { intIn } from '../possibleValues';

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
  // Zulip's choices since feature level 227: 1 all unreads; 2 direct
  // messages, mentions and followed topics; 3 direct messages and mentions; 4 none.
  desktop_icon_count_display: optional('json', intIn([1, 2, 3, 4])),
  realm_name_in_notifications: flag(),
};

// The interface spec's PATCH /settings/notifications keeps 7.0's three
// choices for the unread count on the icon (1 all unreads, 2 direct messages
// and mentions, 3 none), which are Zulip 12's 1, 3 and 4.
const iconCountOfSpec: Record<number, number> = { 1: 1, 2: 3, 3: 4 };
const specOfIconCount: Record<number, number> = { 1: 1, 2: 2, 3: 2, 4: 3 };

export const updateNotificationSettingsEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/settings/notifications',
  params: {
    ...notificationSettingParams,
    desktop_icon_count_display: optional('json', intIn([1, 2, 3])),
  },
  handle: ({ services, params, user }) => {
    const { desktop_icon_count_display: spec, ...rest } = params;
    const changed = updateNotificationSettings(services, user, {
      ...rest,
      desktop_icon_count_display: spec === undefined ? undefined : iconCountOfSpec[spec],
    });
    const told = changed.desktop_icon_count_display;
    return told === undefined
      ? changed
      : { ...changed, desktop_icon_count_display: specOfIconCount[told] };
  },
});
