import type { Message } from '../../../src-preload/bridge';

/**
 * The stretch of a narrow's loaded messages the feed puts in the page: from
 * one message's ID to another's, or to the newest loaded so that arriving
 * messages join it. Only this stretch is in the DOM, so a narrow of any
 * length costs the page the same; it slides as the reader scrolls.
 */
export interface FeedSpan {
  fromId: number;
  toId: number | 'newest';
}

/** Where the reader is, as the feed measures it after each change. */
export interface ReaderPlace {
  /** Within a screen or so of the first message in the page. */
  nearTop: boolean;
  nearBottom: boolean;
  /** The message at the top of the view, or null when the reader is at the end. */
  topId: number | null;
}

// Enough above and below the view for fast scrolling and for j/k to find
// the next message in the page, while the DOM stays small (a message with
// math or code is a few hundred nodes at most).
export const spanSize = 60;
// Small slides keep each one inside a frame.
export const spanStep = 12;

/** Index of the first message whose ID is at least `id`: the messages are sorted by ID. */
function indexFrom(messages: readonly Message[], id: number): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((messages[middle]?.id ?? Infinity) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The span's bounds as indices into the messages, `to` exclusive. */
export function spanBounds(
  messages: readonly Message[],
  span: FeedSpan | null,
): { from: number; to: number } {
  if (span === null) return { from: Math.max(0, messages.length - spanSize), to: messages.length };
  const to = span.toId === 'newest' ? messages.length : indexFrom(messages, span.toId + 1);
  return { from: Math.min(indexFrom(messages, span.fromId), to), to };
}

function spanOf(messages: readonly Message[], from: number, to: number): FeedSpan | null {
  const first = messages[from];
  if (first === undefined) return null;
  const last = messages[to - 1];
  return {
    fromId: first.id,
    toId: to >= messages.length || last === undefined ? 'newest' : last.id,
  };
}

/** The span a narrow opens with: around the message the reader starts at, or its newest messages. */
export function spanAround(
  messages: readonly Message[],
  messageId: number | null,
): FeedSpan | null {
  if (messageId === null) return null;
  const at = Math.min(indexFrom(messages, messageId), messages.length - 1);
  const from = Math.max(0, at - spanStep);
  return spanOf(messages, from, Math.min(messages.length, from + spanSize));
}

/**
 * The span after the reader moved: it grows toward an edge they near, then
 * gives back on the side away from where they read, so the page never holds
 * more than `spanSize` messages.
 */
export function slideSpan(
  messages: readonly Message[],
  span: FeedSpan | null,
  place: ReaderPlace,
): FeedSpan | null {
  let { from, to } = spanBounds(messages, span);
  if (place.nearTop && from > 0) from = Math.max(0, from - spanStep);
  if (place.nearBottom && to < messages.length) to = Math.min(messages.length, to + spanStep);
  if (to - from > spanSize) {
    const reading = place.topId === null ? to : indexFrom(messages, place.topId);
    // The far side from the reader goes, but the reader's message keeps a
    // step of context above it and a screen and more below.
    const preferred = reading - from > to - reading ? to - spanSize : from;
    const lowest = Math.min(to, reading + spanStep) - spanSize;
    const highest = Math.max(from, reading - spanStep);
    from = Math.max(from, Math.min(highest, Math.max(lowest, preferred)));
    to = Math.min(to, from + spanSize);
  }
  return spanOf(messages, from, to);
}

export function sameSpan(a: FeedSpan | null, b: FeedSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.fromId === b.fromId && a.toId === b.toId);
}
