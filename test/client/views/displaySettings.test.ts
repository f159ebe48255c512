import { describe, expect, it } from 'vitest';
import { roleOf } from '../../../src-main/client/rules/accountRole';
import {
  displaySettingsOf,
  zulipDisplayPatch,
} from '../../../src-main/client/views/displaySettings';

describe('the display settings the window follows', () => {
  it("reads Zulip's user_settings, and the top-level copies of older servers", () => {
    const settings = {
      color_scheme: 2,
      twenty_four_hour_time: true,
      dense_mode: false,
      default_language: 'pt_BR',
    };
    const expected = {
      theme: 'dark',
      twentyFourHourTime: true,
      denseMode: false,
      language: 'pt_BR',
    };
    expect(displaySettingsOf({ user_settings: settings })).toEqual(expected);
    expect(displaySettingsOf(settings)).toEqual(expected);
    expect(displaySettingsOf({ user_settings: { color_scheme: 3 } }).theme).toBe('light');
  });

  it("holds Zulip's defaults before the server has said anything", () => {
    expect(displaySettingsOf(null)).toEqual({
      theme: 'automatic',
      twentyFourHourTime: false,
      denseMode: true,
      language: null,
    });
  });

  it("sends the window's names as Zulip's", () => {
    expect(
      zulipDisplayPatch({ theme: 'light', denseMode: true, language: 'zh-Hans' }, 185),
    ).toEqual({
      color_scheme: 3,
      twenty_four_hour_time: undefined,
      dense_mode: true,
      default_language: 'zh-hans',
    });
  });

  it("writes Brazilian Portuguese as each Zulip knows it: `pt` before Zulip 8's `pt-br`", () => {
    expect(zulipDisplayPatch({ language: 'pt-BR' }, 185).default_language).toBe('pt');
    expect(zulipDisplayPatch({ language: 'pt-BR' }, 400).default_language).toBe('pt-br');
    expect(zulipDisplayPatch({ language: 'ar' }, 185).default_language).toBe('ar');
  });

  it("names the reader's role from the register state", () => {
    expect(roleOf({ is_owner: true, is_admin: true })).toBe('owner');
    expect(roleOf({ is_admin: true })).toBe('administrator');
    expect(roleOf({ is_moderator: true })).toBe('moderator');
    expect(roleOf({ is_guest: true })).toBe('guest');
    expect(roleOf({ is_admin: false })).toBe('member');
  });
});
