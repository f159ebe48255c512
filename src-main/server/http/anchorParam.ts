import { z } from 'zod';

/** Zulip's `anchor`: a message ID, or where the server is to find one. */
export const anchorSchema = z.union([
  z.enum(['newest', 'oldest', 'first_unread']),
  z
    .string()
    .regex(/^-?\d+$/, 'must be an integer, newest, oldest or first_unread')
    .transform(Number),
]);

/** GET /messages' `anchor`, which Zulip 12 also lets be `date` (feature level 445). */
export const fetchAnchorSchema = z.union([z.literal('date'), anchorSchema]);

// ISO 8601 as Python's datetime.fromisoformat reads it: a date, or a date and
// time with an optional UTC offset; without one Zulip reads UTC.
const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `anchor_date` in seconds since the epoch, or undefined when it is no such date. */
export function anchorDateSeconds(text: string): number | undefined {
  const parts = isoDateTime.exec(text);
  if (!parts) return undefined;
  const part = (index: number) => Number(parts[index] ?? 0);
  const [year, month, day] = [part(1), part(2), part(3)];
  const [hour, minute, second] = [part(4), part(5), part(6)];
  const fraction = Number(`0.${parts[7] ?? '0'}`);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = parts[8];
  let offsetMinutes = 0;
  if (zone !== undefined && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  return utc + fraction - offsetMinutes * 60;
}
