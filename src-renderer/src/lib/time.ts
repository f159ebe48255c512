import { t, windowText } from './i18n.svelte';
import { formatDateTime } from './localeFormat.svelte';
import { wallTimeAt } from './scheduleTimes';

// Zulip's twenty_four_hour_time off: "2:05 PM"; on: "14:05".
const clockOptions = {
  12: { hour: 'numeric', minute: '2-digit', hour12: true },
  24: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<12 | 24, Intl.DateTimeFormatOptions>;
const dayOptions = { weekday: 'short', month: 'short', day: 'numeric' } as const;
const yearDayOptions = { ...dayOptions, year: 'numeric' } as const;

const minute = 60_000;
const day = 86_400_000;

// Formatting is slow next to the rest of drawing a message, and the messages
// of a conversation fall in few minutes. Only a feed's worth is kept.
const clockTimes = new Map<string, string>();
const clockTimesKept = 500;

/**
 * The clock the window's language writes times on: what Zulip's
 * twenty_four_hour_time of null asks for. The computer's own variant of that
 * language gives its region's clock (en-GB's, not en-US's).
 */
export function localeClockHours(locales: string | string[] = regionalLanguage()): 12 | 24 {
  const { hourCycle } = new Intl.DateTimeFormat(locales, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24' ? 24 : 12;
}

function regionalLanguage(): string {
  const { code } = windowText.language;
  const language = code.split('-')[0];
  return navigator.languages.find((tag) => tag.split('-')[0] === language) ?? code;
}

/** A clock time, hours and minutes, on the 12- or 24-hour clock the user chose. */
export function clockTime(epochMs: number, hours: 12 | 24): string {
  const key = `${windowText.language.code}|${windowText.timeZone ?? ''}|${hours}:${Math.floor(epochMs / minute)}`;
  let time = clockTimes.get(key);
  if (time === undefined) {
    if (clockTimes.size >= clockTimesKept) clockTimes.clear();
    time = formatDateTime(epochMs, clockOptions[hours]);
    clockTimes.set(key, time);
  }
  return time;
}

// Midnight falls on a quarter hour in every timezone: the day of a quarter
// hour is read once.
const quarterHour = 15 * minute;
const zoneDays = new Map<string, { day: number; year: number }>();
const zoneDaysKept = 2_000;

/** The calendar day of a moment on the reader's clock, as days since 1970, and its year. */
function calendarDay(epochMs: number): { day: number; year: number } {
  const zone = windowText.timeZone;
  if (zone === null) {
    const date = new Date(epochMs);
    const year = date.getFullYear();
    return { day: Date.UTC(year, date.getMonth(), date.getDate()) / day, year };
  }
  const key = `${zone}|${Math.floor(epochMs / quarterHour)}`;
  let found = zoneDays.get(key);
  if (!found) {
    if (zoneDays.size >= zoneDaysKept) zoneDays.clear();
    const wall = wallTimeAt(epochMs, zone);
    found = { day: Date.UTC(wall.year, wall.month - 1, wall.day) / day, year: wall.year };
    zoneDays.set(key, found);
  }
  return found;
}

/** The calendar day of a moment on the reader's clock, to tell when a feed crosses midnight. */
export const dayOf = (epochMs: number): number => calendarDay(epochMs).day;

/** A day as Zulip's recipient bars and date rows write it: Today, Yesterday, or the date. */
export function dayLabel(epochMs: number, now: number): string {
  const when = calendarDay(epochMs);
  const today = calendarDay(now);
  if (when.day === today.day) return t('window.time.today');
  if (when.day === today.day - 1) return t('window.time.yesterday');
  return formatDateTime(epochMs, when.year === today.year ? dayOptions : yearDayOptions);
}
