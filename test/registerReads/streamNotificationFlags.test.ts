import { describe, expect, it } from 'vitest';
import { streamNotifies } from '../../src-main/registerReads/streamNotificationFlags';

const unset = {
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
};

describe('a subscription notification flag, in either form a server sends it', () => {
  it("reads an unset flag as the user's global stream setting", () => {
    const settings = {
      enable_stream_desktop_notifications: true,
      enable_stream_audible_notifications: false,
    };
    expect(streamNotifies(unset, 'desktop_notifications', settings)).toBe(true);
    expect(streamNotifies(unset, 'audible_notifications', settings)).toBe(false);
    expect(streamNotifies(unset, 'push_notifications', {})).toBe(false);
  });

  it('reads a set flag as itself, whatever the global setting', () => {
    const settings = { enable_stream_desktop_notifications: true };
    const off = { ...unset, desktop_notifications: false };
    const on = { ...unset, email_notifications: true };
    expect(streamNotifies(off, 'desktop_notifications', settings)).toBe(false);
    expect(streamNotifies(on, 'email_notifications', {})).toBe(true);
  });

  it('reads the resolved boolean of the spec as Zulip 7.0 null plus the same global setting', () => {
    for (const global of [true, false]) {
      const settings = { enable_stream_audible_notifications: global };
      expect(
        streamNotifies({ ...unset, audible_notifications: global }, 'audible_notifications', {}),
      ).toBe(streamNotifies(unset, 'audible_notifications', settings));
    }
  });
});
