import { describe, expect, it } from 'vitest';
import { doNotDisturbUntil, isQuiet } from '../../../src-main/client/notify/doNotDisturb';

const at = (text: string) => new Date(text);

describe('do not disturb', () => {
  it('lasts an hour, until tomorrow 8:00 local time, or until turned off', () => {
    expect(doNotDisturbUntil('hour', at('2026-11-22T15:10:00'))).toBe(
      at('2026-11-22T16:10:00').getTime(),
    );
    expect(doNotDisturbUntil('tomorrow', at('2026-11-22T15:10:00'))).toBe(
      at('2026-11-23T08:00:00').getTime(),
    );
    expect(doNotDisturbUntil('tomorrow', at('2026-12-31T23:30:00'))).toBe(
      at('2027-01-01T08:00:00').getTime(),
    );
    // Past midnight, "tomorrow morning" is the one about to come.
    expect(doNotDisturbUntil('tomorrow', at('2026-11-23T01:30:00'))).toBe(
      at('2026-11-23T08:00:00').getTime(),
    );
    expect(doNotDisturbUntil('untilOff', at('2026-11-22T15:10:00'))).toBeNull();
  });

  it('is quiet until its time, and not once it has passed', () => {
    const until = at('2026-11-22T16:10:00').getTime();
    expect(isQuiet(null, until - 1)).toBe(false);
    expect(isQuiet({ until }, until - 1)).toBe(true);
    expect(isQuiet({ until }, until)).toBe(false);
    expect(isQuiet({ until: null }, until * 2)).toBe(true);
  });
});
