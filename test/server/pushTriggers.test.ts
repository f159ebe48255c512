import { describe, expect, it } from 'vitest';
import { pushTrigger } from '../../src-main/server/actions/pushTriggers';
import { Flag } from '../../src-main/server/store/flags';
import { followedTopicSettingDefaults } from '../../src-main/server/store/followedTopicSettings';
import { notificationSettingDefaults } from '../../src-main/server/store/userSettings';
import type { SubscriptionSettingsRow } from '../../src-main/server/store/subscriptions';
import { VisibilityPolicy } from '../../src-main/server/store/userTopics';

// Zulip 12.0's order of push triggers (notification_data.py,
// get_push_notification_trigger) for one reader of a channel message.

const subscription: SubscriptionSettingsRow = {
  color: '#c2c2c2',
  is_muted: 0,
  pin_to_top: 0,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
};
const wishes = {
  settings: notificationSettingDefaults,
  followed: followedTopicSettingDefaults,
  subscription,
  visibility: VisibilityPolicy.inherit,
};

describe('which push trigger a message has for a reader', () => {
  it('names a direct message and a mention, unless offline pushes are off', () => {
    expect(pushTrigger(0, true, wishes)).toBe('direct_message');
    expect(pushTrigger(Flag.mentioned, false, wishes)).toBe('mentioned');
    const off = {
      ...wishes,
      settings: { ...notificationSettingDefaults, enable_offline_push_notifications: false },
    };
    expect(pushTrigger(0, true, off)).toBeNull();
    expect(pushTrigger(Flag.mentioned, false, off)).toBeNull();
  });

  it('notifies a mention in a muted topic, but not a wildcard there', () => {
    const muted = { ...wishes, visibility: VisibilityPolicy.muted };
    expect(pushTrigger(Flag.mentioned, false, muted)).toBe('mentioned');
    expect(pushTrigger(Flag.stream_wildcard_mentioned, false, muted)).toBeNull();
    expect(pushTrigger(Flag.stream_wildcard_mentioned, false, wishes)).toBe(
      'stream_wildcard_mentioned',
    );
    expect(pushTrigger(Flag.topic_wildcard_mentioned, false, wishes)).toBe(
      'topic_wildcard_mentioned',
    );
  });

  it('puts a followed topic before the channel, even in a muted channel', () => {
    const followed = {
      ...wishes,
      visibility: VisibilityPolicy.followed,
      subscription: { ...subscription, is_muted: 1 },
    };
    expect(pushTrigger(0, false, followed)).toBe('followed_topic_push_notify');
    expect(pushTrigger(Flag.topic_wildcard_mentioned, false, followed)).toBe(
      'topic_wildcard_mentioned_in_followed_topic',
    );
  });

  it("follows the channel's own push setting, then the user's, and a muted channel's unmuted topic", () => {
    expect(pushTrigger(0, false, wishes)).toBeNull();
    const pushed = { ...wishes, subscription: { ...subscription, push_notifications: 1 } };
    expect(pushTrigger(0, false, pushed)).toBe('stream_push_notify');
    const everywhere = {
      ...wishes,
      settings: { ...notificationSettingDefaults, enable_stream_push_notifications: true },
    };
    expect(pushTrigger(0, false, everywhere)).toBe('stream_push_notify');
    const mutedChannel = {
      ...pushed,
      subscription: { ...subscription, push_notifications: 1, is_muted: 1 },
    };
    expect(pushTrigger(0, false, mutedChannel)).toBeNull();
    expect(pushTrigger(0, false, { ...mutedChannel, visibility: VisibilityPolicy.unmuted })).toBe(
      'stream_push_notify',
    );
  });
});
