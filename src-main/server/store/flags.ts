// Bit positions follow Zulip's UserMessage.flags so that a flag keeps its
// meaning if data is ever exchanged with a Zulip server.
const bits = {
  read: 1 << 0,
  starred: 1 << 1,
  collapsed: 1 << 2,
  mentioned: 1 << 3,
  wildcard_mentioned: 1 << 4,
  has_alert_word: 1 << 9,
  historical: 1 << 10,
  is_private: 1 << 11,
} as const;

export type FlagName = keyof typeof bits;

// Zulip keeps these for its own bookkeeping and never shows them to clients.
const internal: ReadonlySet<FlagName> = new Set(['is_private']);

export const Flag = bits;

export function flagsToNames(mask: number): string[] {
  return (Object.keys(bits) as FlagName[]).filter(
    (name) => (mask & bits[name]) !== 0 && !internal.has(name),
  );
}
