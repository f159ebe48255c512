import type { Message } from '../../../src-preload/bridge';
import { indexFrom } from './sortedMessages';

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
  /** Less than a screen of the page lies above the view, or below it. */
  nearTop: boolean;
  nearBottom: boolean;
  /**
   * How many of the page's messages, counted from its top or its bottom, lie
   * more than a screen away from the view: only those may leave the page.
   */
  farAbove: number;
  farBelow: number;
}

// Enough above and below the view for fast scrolling and for j/k to find
// the next message in the page, while the DOM stays small (a message is
// about twenty-five elements, one with math or code a few hundred at most).
export const spanSize = 32;
// Small slides keep each one inside a frame.
export const spanStep = 8;
/**
 * The most the page holds: the stretch trims back to `spanSize` only once it
 * has grown a step past it, so that a message arriving, or a slide, does not
 * redraw the page twice.
 */
export const spanMost = spanSize + spanStep;

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

/**
 * A narrow opens with a stretch about the height of the view, so that its
 * first paint comes quickly; the rest of the stretch follows once it shows.
 */
export const spanOpening = 12;
// Messages above the reader's first one when a narrow opens there.
const openingContext = 2;

/** The span a narrow opens with: from just above the message the reader starts at, or its newest messages. */
export function spanAround(
  messages: readonly Message[],
  messageId: number | null,
): FeedSpan | null {
  if (messageId === null) {
    return spanOf(messages, Math.max(0, messages.length - spanOpening), messages.length);
  }
  const at = Math.min(indexFrom(messages, messageId), messages.length - 1);
  const from = Math.max(0, at - openingContext);
  return spanOf(messages, from, Math.min(messages.length, from + spanOpening));
}

/**
 * The span after the reader moved: it grows toward an edge they near, and
 * once it holds more than `spanMost` messages gives back what lies more than
 * a screen from the view, on the side it did not just grow, so that what the
 * reader sees and a screen around it always stay.
 */
export function slideSpan(
  messages: readonly Message[],
  span: FeedSpan | null,
  place: ReaderPlace,
): FeedSpan | null {
  let { from, to } = spanBounds(messages, span);
  const grewTop = place.nearTop && from > 0;
  const grewBottom = place.nearBottom && to < messages.length;
  if (grewTop) from = Math.max(0, from - spanStep);
  if (grewBottom) to = Math.min(messages.length, to + spanStep);
  if (to - from > spanMost) {
    let excess = to - from - spanSize;
    const cutTopFirst = grewBottom || (!grewTop && place.farAbove >= place.farBelow);
    for (const side of cutTopFirst ? ['top', 'bottom'] : ['bottom', 'top']) {
      if (side === 'top' && !grewTop) {
        const cut = Math.min(excess, place.farAbove);
        from += cut;
        excess -= cut;
      }
      if (side === 'bottom' && !grewBottom) {
        const cut = Math.min(excess, place.farBelow);
        to -= cut;
        excess -= cut;
      }
    }
  }
  return spanOf(messages, from, to);
}

export function sameSpan(a: FeedSpan | null, b: FeedSpan | null): boolean {
  return a === b || (a !== null && b !== null && a.fromId === b.fromId && a.toId === b.toId);
}
