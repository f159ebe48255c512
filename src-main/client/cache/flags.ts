import { mentionFlagNames } from '../../wire';

// Zulip's per-reader message flags, one bit each, so that flag events and
// `is:` filters are integer arithmetic instead of JSON work.
const names = [
  'read',
  'starred',
  'collapsed',
  'mentioned',
  'wildcard_mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'has_alert_word',
  'historical',
  // Zulip 12 (feature level 510): the reader hid the message's link previews.
  'hide_link_previews',
] as const;

const bitByName = new Map<string, number>(names.map((name, index) => [name, 1 << index]));

export const READ = 1;
export const STARRED = 2;
export const MENTIONED = mentionFlagNames.reduce(
  (bits, name) => bits | (bitByName.get(name) ?? 0),
  0,
);

/** The bit of a flag, 0 for a flag this cache does not keep. */
export const flagBit = (name: string): number => bitByName.get(name) ?? 0;

export function flagBits(flags: readonly string[]): number {
  let bits = 0;
  for (const flag of flags) bits |= flagBit(flag);
  return bits;
}

const namesByBits = new Map<number, readonly string[]>();

export function flagNames(bits: number): string[] {
  let known = namesByBits.get(bits);
  if (!known) {
    known = names.filter((_, index) => (bits & (1 << index)) !== 0);
    namesByBits.set(bits, known);
  }
  return [...known];
}
