// Bit positions follow Zulip's UserMessage.flags so that a flag keeps its
// meaning if data is ever exchanged with a Zulip server.
const bits = {
  read: 1 << 0,
  starred: 1 << 1,
  collapsed: 1 << 2,
  mentioned: 1 << 3,
  // Zulip 7.0's wildcard_mentioned, renamed at feature level 224.
  stream_wildcard_mentioned: 1 << 4,
  topic_wildcard_mentioned: 1 << 5,
  has_alert_word: 1 << 9,
  historical: 1 << 10,
  is_private: 1 << 11,
} as const;

export type FlagName = keyof typeof bits;

// Zulip keeps these for its own bookkeeping and never shows them to clients.
const internal: ReadonlySet<FlagName> = new Set(['is_private']);

export const Flag = bits;

/** Every kind of wildcard mention: what `wildcard_mentioned` stood for before feature level 224. */
export const WILDCARD_MENTIONED = bits.stream_wildcard_mentioned | bits.topic_wildcard_mentioned;

export function flagsToNames(mask: number): string[] {
  return (Object.keys(bits) as FlagName[]).filter(
    (name) => (mask & bits[name]) !== 0 && !internal.has(name),
  );
}
