import type { Message } from '../../../src-preload/bridge';

// A narrow's loaded messages are kept sorted by ID and may number tens of
// thousands: a message arriving is found and placed by halving, never by a
// walk through all of them, so that it costs the window the same however
// long the reader has scrolled back.

/** Index of the first message whose ID is at least `id`. */
export function indexFrom(messages: readonly Message[], id: number): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((messages[middle]?.id ?? Infinity) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const holdsMessage = (messages: readonly Message[], id: number): boolean =>
  messages[indexFrom(messages, id)]?.id === id;

/** Merges messages by ID, the newer copy winning, oldest first. */
export function mergeMessages(kept: readonly Message[], incoming: readonly Message[]): Message[] {
  const fresh = [...incoming].sort((a, b) => a.id - b.id);
  // What lies before the oldest incoming message is copied whole: for
  // messages arriving at the end of a long narrow, that is nearly all of it.
  let k = fresh[0] === undefined ? kept.length : indexFrom(kept, fresh[0].id);
  const merged = kept.slice(0, k);
  fresh.forEach((message, f) => {
    // Of two copies in one batch, the later one is the newer.
    if (fresh[f + 1]?.id === message.id) return;
    for (let older = kept[k]; older !== undefined && older.id < message.id; older = kept[++k]) {
      merged.push(older);
    }
    if (kept[k]?.id === message.id) k++;
    merged.push(message);
  });
  return k === kept.length ? merged : merged.concat(kept.slice(k));
}
