// Formatters are made once: making one per call (as toLocaleTimeString does)
// is what a feed of messages would spend most of its redraw on.
const clockFormats = {
  // Zulip's twenty_four_hour_time off: "2:05 PM"; on: "14:05".
  12: new Intl.DateTimeFormat([], { hour: 'numeric', minute: '2-digit', hour12: true }),
  24: new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};
const dayFormat = new Intl.DateTimeFormat([], { weekday: 'short', month: 'short', day: 'numeric' });
const yearDayFormat = new Intl.DateTimeFormat([], {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const minute = 60_000;

// Formatting is slow next to the rest of drawing a message, and the messages
// of a conversation fall in few minutes. Only a feed's worth is kept.
const clockTimes = new Map<string, string>();
const clockTimesKept = 500;

/** The clock the window's locale writes times on: what Zulip's twenty_four_hour_time of null asks for. */
export function localeClockHours(locales: string | string[] = []): 12 | 24 {
  const { hourCycle } = new Intl.DateTimeFormat(locales, { hour: 'numeric' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24' ? 24 : 12;
}

/** A clock time, hours and minutes, on the 12- or 24-hour clock the user chose. */
export function clockTime(epochMs: number, hours: 12 | 24): string {
  const key = `${hours}:${Math.floor(epochMs / minute)}`;
  let time = clockTimes.get(key);
  if (time === undefined) {
    if (clockTimes.size >= clockTimesKept) clockTimes.clear();
    time = clockFormats[hours].format(epochMs);
    clockTimes.set(key, time);
  }
  return time;
}

/** How long ago, in words, to the minute: what a banner re-rendered each minute can keep true. */
export function timeAgo(epochMs: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - epochMs) / minute);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

const startOfDay = (epochMs: number): number => new Date(epochMs).setHours(0, 0, 0, 0);

/** The local calendar day of a moment, to tell when a feed crosses midnight. */
export const dayOf = (epochMs: number): number => startOfDay(epochMs);

/** A day as Zulip's recipient bars and date rows write it: Today, Yesterday, or the date. */
export function dayLabel(epochMs: number, now: number): string {
  const day = startOfDay(epochMs);
  const today = startOfDay(now);
  if (day === today) return 'Today';
  if (day === new Date(today).setDate(new Date(today).getDate() - 1)) return 'Yesterday';
  const sameYear = new Date(day).getFullYear() === new Date(today).getFullYear();
  return (sameYear ? dayFormat : yearDayFormat).format(day);
}
