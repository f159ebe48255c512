import { describe, expect, it } from 'vitest';
import type { Message } from '../../src-preload/bridge';
import {
  slideSpan,
  spanAround,
  spanBounds,
  spanSize,
  spanStep,
} from '../../src-renderer/src/lib/feedWindow';

// Only IDs matter to the span; every other field is irrelevant here.
const messages = Array.from({ length: 500 }, (_, index) => ({ id: (index + 1) * 10 }) as Message);
const ids = (span: ReturnType<typeof slideSpan>) => {
  const { from, to } = spanBounds(messages, span);
  return messages.slice(from, to).map((message) => message.id);
};
const still = { nearTop: false, nearBottom: false };

describe('the stretch of a narrow the feed puts in the page', () => {
  it('starts with the newest messages, or around where the reader starts', () => {
    expect(ids(null)).toEqual(messages.slice(-spanSize).map((message) => message.id));
    const around = ids(spanAround(messages, 2_000));
    expect(around[0]).toBe(2_000 - spanStep * 10);
    expect(around).toHaveLength(spanSize);
    // A message gone from the narrow: the stretch starts at the next one.
    expect(ids(spanAround(messages, 2_005))).toContain(2_010);
  });

  it('grows toward the edge the reader nears and gives back the far side', () => {
    const start = spanAround(messages, 2_000);
    const up = slideSpan(messages, start, { ...still, nearTop: true, topId: 1_880 });
    expect(ids(up)[0]).toBe(1_880 - spanStep * 10);
    expect(ids(up)).toHaveLength(spanSize);
    expect(ids(up)).toContain(1_880);
    const down = slideSpan(messages, start, { ...still, nearBottom: true, topId: 2_400 });
    expect(ids(down).at(-1)).toBe((ids(start).at(-1) ?? 0) + spanStep * 10);
    expect(ids(down)).toHaveLength(spanSize);
    expect(slideSpan(messages, start, { ...still, topId: 2_000 })).toEqual(start);
  });

  it('follows the newest messages while the reader is at the end, and keeps what they read', () => {
    const grown = [
      ...messages,
      ...Array.from({ length: 30 }, (_, index) => ({ id: 6_000 + index }) as Message),
    ];
    const atEnd = slideSpan(grown, null, { ...still, topId: null });
    expect(spanBounds(grown, atEnd).to).toBe(grown.length);
    const tail = { fromId: 4_000, toId: 'newest' as const };
    const reading = slideSpan(grown, tail, { ...still, topId: 4_100 });
    const kept = spanBounds(grown, reading);
    expect(kept.to - kept.from).toBe(spanSize);
    expect(grown.slice(kept.from, kept.to).map((message) => message.id)).toContain(4_100);
  });
});
