import { describe, expect, it } from 'vitest';
import { notificationSettingsOf, notifySettingsOf } from '../../../src-main/client/notify/settings';
import { zulipNotificationDefaults } from '../../../src-main/wire';

// The settings the notification policy and the badge read, from the register
// state whichever form the server sent them in.

describe('the desktop settings of a register state', () => {
  it("are Zulip's defaults when the server sent none, as in its documented example", () => {
    expect(notificationSettingsOf({ queue_id: 'q', last_event_id: -1, realm_emoji: {} })).toEqual(
      zulipNotificationDefaults,
    );
  });

  it('come from the user_settings object of Zulip 7.0', () => {
    const settings = notificationSettingsOf({
      user_settings: {
        enable_sounds: false,
        notification_sound: 'ding',
        desktop_icon_count_display: 2,
        pm_content_in_desktop_notifications: false,
      },
      // A stale legacy copy loses to the object.
      enable_sounds: true,
    });
    expect(settings).toMatchObject({
      enable_sounds: false,
      notification_sound: 'ding',
      desktop_icon_count_display: 2,
      pm_content_in_desktop_notifications: false,
      enable_desktop_notifications: true,
    });
  });

  it('come from the legacy top-level keys of a server without the object', () => {
    expect(
      notificationSettingsOf({
        enable_stream_desktop_notifications: true,
        wildcard_mentions_notify: false,
      }),
    ).toMatchObject({ enable_stream_desktop_notifications: true, wildcard_mentions_notify: false });
  });

  it('keep the default for a value of the wrong type', () => {
    expect(
      notificationSettingsOf({
        user_settings: { enable_sounds: 'yes', desktop_icon_count_display: '2' },
      }),
    ).toMatchObject({ enable_sounds: true, desktop_icon_count_display: 1 });
  });
});

describe('the followed-topic settings', () => {
  it('are read from user_settings where the server has them, and absent where it has not', () => {
    const zulip8 = notifySettingsOf({
      user_settings: {
        enable_followed_topic_desktop_notifications: true,
        enable_followed_topic_audible_notifications: false,
        enable_followed_topic_wildcard_mentions_notify: true,
      },
    });
    expect(zulip8).toMatchObject({
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_audible_notifications: false,
      enable_followed_topic_wildcard_mentions_notify: true,
    });
    expect(notifySettingsOf({ user_settings: {} })).not.toHaveProperty(
      'enable_followed_topic_desktop_notifications',
    );
  });
});
