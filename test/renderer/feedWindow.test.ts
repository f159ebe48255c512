import { describe, expect, it } from 'vitest';
import type { Message } from '../../src-preload/bridge';
import {
  slideSpan,
  spanAround,
  spanBounds,
  spanMost,
  spanOpening,
  spanSize,
  spanStep,
} from '../../src-renderer/src/lib/feedWindow';

// Only IDs matter to the span; every other field is irrelevant here.
const messages = Array.from({ length: 500 }, (_, index) => ({ id: (index + 1) * 10 }) as Message);
const ids = (span: ReturnType<typeof slideSpan>) => {
  const { from, to } = spanBounds(messages, span);
  return messages.slice(from, to).map((message) => message.id);
};
// A stretch of spanSize messages, from 1,920 on, as scrolling leaves it.
const fullStretch = { fromId: 2_000 - spanStep * 10, toId: 2_000 + (spanSize - spanStep - 1) * 10 };
// A reader in the middle of the page, with everything more than a screen away free to go.
const still = { nearTop: false, nearBottom: false, farAbove: 15, farBelow: 15 };

describe('the stretch of a narrow the feed puts in the page', () => {
  it('opens with about a view of the newest messages, or from just above where the reader starts', () => {
    expect(ids(spanAround(messages, null))).toEqual(
      messages.slice(-spanOpening).map((message) => message.id),
    );
    const around = ids(spanAround(messages, 2_000));
    expect(around[0]).toBe(2_000 - 2 * 10);
    expect(around).toHaveLength(spanOpening);
    expect(spanOpening).toBeLessThan(spanSize);
    // A message gone from the narrow: the stretch starts by the next one.
    expect(ids(spanAround(messages, 2_005))).toContain(2_010);
    // A narrow shorter than the opening stretch shows whole.
    const short = messages.slice(0, 5);
    expect(spanBounds(short, spanAround(short, null))).toEqual({ from: 0, to: 5 });
  });

  it('grows toward the edge the reader nears and, past its most, gives back the far side', () => {
    const start = fullStretch;
    const first = ids(start)[0] ?? 0;
    const last = ids(start).at(-1) ?? 0;
    const up = slideSpan(messages, start, { ...still, nearTop: true });
    expect(ids(up)[0]).toBe(first - spanStep * 10);
    expect(ids(up)).toHaveLength(spanMost);
    // Growing again: what lies far below the view goes, and only that.
    const further = slideSpan(messages, up, { ...still, nearTop: true, farBelow: 30 });
    expect(ids(further)[0]).toBe(first - 2 * spanStep * 10);
    expect(ids(further)).toHaveLength(spanSize);
    expect(ids(further).at(-1)).toBe(last - 2 * spanStep * 10);
    const down = slideSpan(messages, start, { ...still, nearBottom: true });
    expect(ids(down).at(-1)).toBe(last + spanStep * 10);
    expect(slideSpan(messages, start, still)).toEqual(start);
  });

  it('never gives back what is within a screen of the view, nor what it just grew', () => {
    const start = fullStretch;
    const up = slideSpan(messages, start, { ...still, nearTop: true });
    // Nothing below is far: the page keeps all of it rather than drop what the reader may see.
    const kept = slideSpan(messages, up, {
      ...still,
      nearTop: true,
      farBelow: 0,
      farAbove: spanMost,
    });
    expect(ids(kept)).toHaveLength(spanMost + spanStep);
    expect(ids(kept)[0]).toBe((ids(up)[0] ?? 0) - spanStep * 10);
  });

  it('follows the newest messages while the reader is at the end, and keeps what they read', () => {
    const grown = [
      ...messages,
      ...Array.from({ length: 30 }, (_, index) => ({ id: 6_000 + index }) as Message),
    ];
    const atEnd = slideSpan(grown, null, { ...still, farAbove: 0, farBelow: 0 });
    expect(spanBounds(grown, atEnd).to).toBe(grown.length);
    // Reading 4,100 in a tail stretch of 131: what is far below goes first, then
    // what is far above, and the reader's place stays.
    const tail = { fromId: 4_000, toId: 'newest' as const };
    const reading = slideSpan(grown, tail, {
      ...still,
      farAbove: 5,
      farBelow: 131 - spanSize - 5,
    });
    const kept = spanBounds(grown, reading);
    expect(kept.to - kept.from).toBe(spanSize);
    const keptIds = grown.slice(kept.from, kept.to).map((message) => message.id);
    expect(keptIds).toContain(4_100);
    expect(keptIds[0]).toBe(4_050);
  });
});
