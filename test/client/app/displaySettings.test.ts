import { describe, expect, it } from 'vitest';
import { roleOf } from '../../../src-main/client/app/accountRole';
import { displaySettingsOf, zulipDisplayPatch } from '../../../src-main/client/app/displaySettings';

describe('the display settings the window follows', () => {
  it("reads Zulip's user_settings, and the top-level copies of older servers", () => {
    const settings = { color_scheme: 2, twenty_four_hour_time: true, dense_mode: false };
    const expected = { theme: 'dark', twentyFourHourTime: true, denseMode: false };
    expect(displaySettingsOf({ user_settings: settings })).toEqual(expected);
    expect(displaySettingsOf(settings)).toEqual(expected);
    expect(displaySettingsOf({ user_settings: { color_scheme: 3 } }).theme).toBe('light');
  });

  it("holds Zulip's defaults before the server has said anything", () => {
    expect(displaySettingsOf(null)).toEqual({
      theme: 'automatic',
      twentyFourHourTime: false,
      denseMode: true,
    });
  });

  it("sends the window's names as Zulip's", () => {
    expect(zulipDisplayPatch({ theme: 'light', denseMode: true })).toEqual({
      color_scheme: 3,
      twenty_four_hour_time: undefined,
      dense_mode: true,
    });
  });

  it("names the reader's role from the register state", () => {
    expect(roleOf({ is_owner: true, is_admin: true })).toBe('owner');
    expect(roleOf({ is_admin: true })).toBe('administrator');
    expect(roleOf({ is_moderator: true })).toBe('moderator');
    expect(roleOf({ is_guest: true })).toBe('guest');
    expect(roleOf({ is_admin: false })).toBe('member');
  });
});
