// When a scheduled message goes, in the reader's timezone setting (Zulip's
// user_settings.timezone, else this computer's): wall-clock times there are
// turned into instants with Intl, so "tomorrow at 9:00" is 9:00 on the clock
// of that place on either side of a daylight-saving change. Intl reads the
// clock in en-US, whose parts are known; what is shown is in the window's
// language.

import { t } from './i18n.svelte';
import { formatDateTime } from './localeFormat.svelte';

export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface SchedulePreset {
  label: string;
  /** Seconds since the epoch, as the server takes it. */
  at: number;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The timezone to use: the setting when this computer knows it, else its own. */
export function effectiveTimezone(setting: string): string {
  if (setting !== '') {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: setting });
      return setting;
    } catch {
      // A name this computer's timezone data lacks: its own clock is the best guess.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** What the clock in `timeZone` reads at the instant, and the day of the week (0 Sunday). */
export function wallTimeAt(epochMs: number, timeZone: string): WallTime & { weekday: number } {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    weekday: weekdays.indexOf(parts['weekday'] ?? ''),
  };
}

const asUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

// How far the clock in timeZone is ahead of UTC at the instant, to the minute.
const offsetAt = (epochMs: number, timeZone: string) =>
  asUtc(wallTimeAt(epochMs, timeZone)) - Math.floor(epochMs / 60_000) * 60_000;

/**
 * The instant the clock in `timeZone` reads `wall`. A time the clock skips
 * (spring forward) is taken as the moment after the jump; a time it reads
 * twice (fall back) as the first.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const naive = asUtc(wall);
  const candidates = [
    naive - offsetAt(naive - 86_400_000, timeZone),
    naive - offsetAt(naive + 86_400_000, timeZone),
  ];
  const reading = candidates
    .filter((instant) => asUtc(wallTimeAt(instant, timeZone)) === naive)
    .sort((a, b) => a - b);
  return reading[0] ?? Math.max(...candidates);
}

/** The calendar day `days` after the wall time's, at hour:minute. */
function dayAfter(wall: WallTime, days: number, hour: number, minute = 0): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour,
    minute,
  };
}

/** The time of an instant on the clock of `timeZone`, hours and minutes. */
const clock = (at: number, timeZone: string, hours: 12 | 24): string =>
  formatDateTime(at * 1000, {
    timeZone,
    hour: hours === 24 ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: hours === 24 ? 'h23' : 'h12',
  });

/**
 * Zulip's quick choices: today at 17:00 while that is still ahead, tomorrow
 * at 9:00, and Monday at 9:00 (a week on when today is Monday).
 */
export function schedulePresets(nowMs: number, timeZone: string, hours: 12 | 24): SchedulePreset[] {
  const today = wallTimeAt(nowMs, timeZone);
  const at = (wall: WallTime) => Math.floor(instantOf(wall, timeZone) / 1000);
  const presets: SchedulePreset[] = [];
  const evening = at(dayAfter(today, 0, 17));
  if (evening * 1000 > nowMs) {
    presets.push({
      label: t('window.schedule.todayAt', { time: clock(evening, timeZone, hours) }),
      at: evening,
    });
  }
  const tomorrow = at(dayAfter(today, 1, 9));
  presets.push({
    label: t('window.schedule.tomorrowAt', { time: clock(tomorrow, timeZone, hours) }),
    at: tomorrow,
  });
  const monday = at(dayAfter(today, (8 - today.weekday) % 7 || 7, 9));
  presets.push({
    label: t('window.schedule.mondayAt', { time: clock(monday, timeZone, hours) }),
    at: monday,
  });
  return presets;
}

const two = (value: number) => String(value).padStart(2, '0');

/** An `<input type="datetime-local">` value for the instant, on the clock of `timeZone`. */
export function localInputValue(epochMs: number, timeZone: string): string {
  const wall = wallTimeAt(epochMs, timeZone);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}

/** The instant (seconds) a datetime-local value names on the clock of `timeZone`; null when it names none. */
export function atOfLocalInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return Math.floor(instantOf({ year, month, day, hour, minute }, timeZone) / 1000);
}

/** When a scheduled message goes, as the list shows it: the day and the time, on that place's clock. */
export function scheduledWhen(at: number, timeZone: string, hours: 12 | 24): string {
  return formatDateTime(at * 1000, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: hours === 24 ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: hours === 24 ? 'h23' : 'h12',
  });
}
