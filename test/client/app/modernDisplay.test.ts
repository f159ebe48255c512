import { describe, expect, it } from 'vitest';
import { displaySettingsOf } from '../../../src-main/client/views/displaySettings';
import { drawsLargeEmoji, markedGuests } from '../../../src-main/client/rules/drawingRules';
import { followedTopicSettingsOf } from '../../../src-main/client/notify/settings';
import type { User } from '../../../src-main/wire';

// Issue 34, point 5: what the window draws and offers by the server's version
// (changelog levels 189, 216, 364, 408 and 436); a Hearth host (no feature
// level, or 185) keeps Zulip 7.0's.

const person = (userId: number, isGuest: boolean) =>
  ({ user_id: userId, full_name: `User ${userId}`, is_guest: isGuest }) as unknown as User;

describe('the display settings of a modern server', () => {
  it('leave the clock to the locale when twenty_four_hour_time is null (Zulip 11)', () => {
    const settings = displaySettingsOf({
      zulip_feature_level: 408,
      user_settings: { twenty_four_hour_time: null },
    });
    expect(settings.twentyFourHourTime).toBeNull();
    expect(displaySettingsOf({ user_settings: { twenty_four_hour_time: true } })).toMatchObject({
      twentyFourHourTime: true,
    });
  });

  it('have no dense mode from Zulip 10 (feature level 364), which removed it', () => {
    expect(displaySettingsOf({ zulip_feature_level: 364, user_settings: {} }).denseMode).toBe(null);
    expect(displaySettingsOf({ user_settings: { dense_mode: false } }).denseMode).toBe(false);
    expect(displaySettingsOf({ zulip_feature_level: 185, user_settings: {} }).denseMode).toBe(true);
  });
});

describe('guests’ names (Zulip 8, feature level 216)', () => {
  const users = {
    realm_users: [person(1, false), person(2, true)],
    realm_non_active_users: [person(3, true)],
  };

  it('are marked where the organization asks for it', () => {
    const guests = markedGuests({ ...users, realm_enable_guest_user_indicator: true });
    expect([...guests].sort((a, b) => a - b)).toEqual([2, 3]);
  });

  it('are not marked where it does not, nor on a Hearth host, which has no such setting', () => {
    expect(markedGuests({ ...users, realm_enable_guest_user_indicator: false }).size).toBe(0);
    expect(markedGuests(users).size).toBe(0);
    expect(markedGuests(null).size).toBe(0);
  });
});

describe('messages of emoji alone', () => {
  it('show large emoji from Zulip 12 (feature level 436) only', () => {
    expect(drawsLargeEmoji({ zulip_feature_level: 436 })).toBe(true);
    expect(drawsLargeEmoji({ zulip_feature_level: 435 })).toBe(false);
    expect(drawsLargeEmoji({})).toBe(false);
    expect(drawsLargeEmoji(null)).toBe(false);
  });
});

describe('the followed-topic notification settings (Zulip 8, feature level 189)', () => {
  it('are all five the server has, for the settings page to offer', () => {
    expect(
      followedTopicSettingsOf({
        user_settings: {
          enable_followed_topic_desktop_notifications: true,
          enable_followed_topic_audible_notifications: false,
          enable_followed_topic_push_notifications: true,
          enable_followed_topic_email_notifications: false,
          enable_followed_topic_wildcard_mentions_notify: true,
        },
      }),
    ).toEqual({
      enable_followed_topic_desktop_notifications: true,
      enable_followed_topic_audible_notifications: false,
      enable_followed_topic_push_notifications: true,
      enable_followed_topic_email_notifications: false,
      enable_followed_topic_wildcard_mentions_notify: true,
    });
  });

  it('are none on a Hearth host, so the page offers none', () => {
    expect(followedTopicSettingsOf({ user_settings: { enable_sounds: true } })).toEqual({});
  });
});
