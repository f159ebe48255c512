import './englishWindow';
import { describe, expect, it } from 'vitest';
import {
  atOfLocalInput,
  effectiveTimezone,
  instantOf,
  localInputValue,
  schedulePresets,
  wallTimeAt,
} from '../../src-renderer/src/lib/scheduleTimes';

// "Schedule message"'s choices follow the reader's timezone setting, and a
// wall-clock time stays that time on the clock across daylight saving.

const berlin = 'Europe/Berlin';
const newYork = 'America/New_York';
const wallOf = (at: number, zone: string) => {
  const { year, month, day, hour, minute, weekday } = wallTimeAt(at * 1000, zone);
  return { year, month, day, hour, minute, weekday };
};

describe('schedule presets', () => {
  it('offers today at 17:00, tomorrow at 9:00 and Monday at 9:00 on the setting’s clock', () => {
    // Wednesday 2026-03-25, 10:00 in Berlin (09:00 UTC).
    const now = Date.UTC(2026, 2, 25, 9, 0);
    const presets = schedulePresets(now, berlin, 24);
    expect(presets.map((preset) => preset.label)).toEqual([
      'Today at 17:00',
      'Tomorrow at 09:00',
      'Monday at 09:00',
    ]);
    expect(presets.map((preset) => wallOf(preset.at, berlin))).toEqual([
      { year: 2026, month: 3, day: 25, hour: 17, minute: 0, weekday: 3 },
      { year: 2026, month: 3, day: 26, hour: 9, minute: 0, weekday: 4 },
      { year: 2026, month: 3, day: 30, hour: 9, minute: 0, weekday: 1 },
    ]);
  });

  it('keeps Monday at 9:00 on the clock across the spring change, an hour less of real time', () => {
    // Friday 2026-03-27, 12:00 in Berlin; clocks go forward on Sunday the 29th.
    const now = Date.UTC(2026, 2, 27, 11, 0);
    const [, tomorrow, monday] = schedulePresets(now, berlin, 24);
    expect(wallOf(monday?.at ?? 0, berlin)).toMatchObject({ day: 30, hour: 9, minute: 0 });
    // Saturday 9:00 is CET (UTC+1), Monday 9:00 is CEST (UTC+2).
    expect(tomorrow?.at).toBe(Date.UTC(2026, 2, 28, 8, 0) / 1000);
    expect(monday?.at).toBe(Date.UTC(2026, 2, 30, 7, 0) / 1000);
  });

  it('leaves out today at 17:00 once it has passed, and reads the setting rather than the computer', () => {
    // 18:00 in New York is already the next day in Berlin.
    const now = Date.UTC(2026, 10, 2, 23, 0);
    const presets = schedulePresets(now, newYork, 12);
    expect(presets.map((preset) => preset.label)).toEqual([
      'Tomorrow at 9:00 AM',
      'Monday at 9:00 AM',
    ]);
    // The day after the autumn change (1 November 2026): New York is UTC−5 again.
    expect(presets[0]?.at).toBe(Date.UTC(2026, 10, 3, 14, 0) / 1000);
    expect(wallOf(presets[1]?.at ?? 0, newYork)).toMatchObject({ day: 9, hour: 9, weekday: 1 });
  });

  it('offers Monday a week on when today is Monday', () => {
    const now = Date.UTC(2026, 2, 30, 6, 0);
    const monday = schedulePresets(now, berlin, 24).at(-1);
    expect(wallOf(monday?.at ?? 0, berlin)).toMatchObject({ day: 6, month: 4, hour: 9 });
  });
});

describe('a chosen time', () => {
  it('reads a datetime-local value on the setting’s clock, both ways', () => {
    const at = atOfLocalInput('2026-07-01T08:30', newYork);
    expect(at).toBe(Date.UTC(2026, 6, 1, 12, 30) / 1000);
    expect(localInputValue((at ?? 0) * 1000, newYork)).toBe('2026-07-01T08:30');
    expect(atOfLocalInput('not a time', newYork)).toBeNull();
  });

  it('takes a time the clock skips as the moment after the jump, and one it reads twice as the first', () => {
    const skipped = instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, berlin);
    expect(wallOf(skipped / 1000, berlin)).toMatchObject({ hour: 3, minute: 30 });
    const twice = instantOf({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, berlin);
    expect(twice).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it('falls back to the computer’s timezone when the setting is empty or unknown', () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(effectiveTimezone('')).toBe(own);
    expect(effectiveTimezone('Mars/Olympus_Mons')).toBe(own);
    expect(effectiveTimezone(berlin)).toBe(berlin);
  });
});
