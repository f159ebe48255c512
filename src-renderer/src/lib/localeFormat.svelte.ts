import { windowText } from './i18n.svelte';

// Numbers, dates and lists in the window's language and the reader's
// timezone setting. Intl's formatters are slow to make and quick to use, so
// each is made once per language, zone and options.

// A cache, never drawn: nothing reacts to it.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const made = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.RelativeTimeFormat
>();

function cached<
  T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.RelativeTimeFormat,
>(kind: string, options: object, make: () => T): T {
  const key = `${kind}|${windowText.language.code}|${windowText.timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** A count as the window's language writes it: 1,234 · 1.234 · 1 234. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(
    'number',
    options,
    () => new Intl.NumberFormat(windowText.language.code, options),
  ).format(value);
}

/** A moment in the reader's timezone setting (the computer's where there is none). */
export function formatDateTime(
  when: number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return cached(
    'date',
    options,
    () =>
      new Intl.DateTimeFormat(windowText.language.code, {
        ...options,
        ...(windowText.timeZone ? { timeZone: windowText.timeZone } : {}),
      }),
  ).format(when);
}

/**
 * "Alice, Bob and Carol": items joined as the window's language joins them.
 * The narrow style lists names in a column or a notice ("Ann, Bob, Carol" in
 * English) where a sentence's "and" would not fit.
 */
export function formatList(
  items: readonly string[],
  options: Intl.ListFormatOptions = { type: 'conjunction' },
): string {
  return cached(
    'list',
    options,
    () => new Intl.ListFormat(windowText.language.code, options),
  ).format(items);
}

/** "3 minutes ago", "in 2 days": `value` of `unit` from now, negative for the past. */
export function formatRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return cached(
    'relative',
    { unit },
    () => new Intl.RelativeTimeFormat(windowText.language.code, { numeric: 'auto' }),
  ).format(value, unit);
}
