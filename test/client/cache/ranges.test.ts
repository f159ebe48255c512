import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import type { Narrow } from '../../../src-main/client/cache/narrow';
import type { Message } from '../../../src-main/wire';
import { event, freshCache, ids, messageEvent, streamMessage } from './fixtures';

const all = { kind: 'all' } as const;
const general = { kind: 'stream', streamId: 1 } as const;
const lunch = { kind: 'topic', streamId: 1, topic: 'lunch' } as const;

/** Stores a GET /messages answer for `anchor` with `numBefore` older messages. */
function fetched(
  cache: Cache,
  narrow: Narrow,
  anchor: number | 'newest',
  numBefore: number,
  messages: Message[],
  found: { oldest?: boolean; newest?: boolean } = {},
) {
  cache.storePage(
    narrow,
    { anchor, numBefore, numAfter: 0 },
    {
      anchor: anchor === 'newest' ? 1e16 : anchor,
      found_anchor: false,
      found_oldest: found.oldest ?? false,
      found_newest: found.newest ?? anchor === 'newest',
      messages,
    },
  );
}

const range = (from: number, to: number, options = {}) =>
  Array.from({ length: to - from + 1 }, (_, index) => streamMessage(from + index, options));

describe('complete ranges', () => {
  it('merges pages that touch into one range', () => {
    const cache = freshCache();
    fetched(cache, general, 'newest', 5, range(16, 20));
    fetched(cache, general, 15, 5, range(11, 15));
    expect(cache.completeIntervals(general)).toEqual([{ low: 11, high: 20, reachesNewest: true }]);
    const page = cache.messagesInNarrow(general, { anchor: 'newest', before: 10 });
    expect(ids(page.messages)).toEqual(range(11, 20).map((m) => m.id));
    expect(page).toMatchObject({ older: 'not-cached', newer: 'newest' });
  });

  it('counts a page up to its anchor, even where the narrow has no message near it', () => {
    const cache = freshCache();
    fetched(cache, general, 'newest', 2, [streamMessage(30), streamMessage(40)]);
    // Older page before anchor 30: its newest message, 25, is not next to 30.
    fetched(cache, general, 30, 2, [streamMessage(20), streamMessage(25)]);
    expect(cache.completeIntervals(general)).toEqual([{ low: 20, high: 40, reachesNewest: true }]);
  });

  it('keeps a gap a gap: the page stops at it and says older messages are not cached', () => {
    const cache = freshCache();
    fetched(cache, general, 'newest', 3, range(18, 20));
    fetched(cache, general, 10, 3, range(8, 10), { oldest: true, newest: false });
    expect(cache.completeIntervals(general)).toEqual([
      { low: 0, high: 10, reachesNewest: false },
      { low: 18, high: 20, reachesNewest: true },
    ]);
    const newest = cache.messagesInNarrow(general, { anchor: 'newest', before: 50 });
    expect(ids(newest.messages)).toEqual([18, 19, 20]);
    expect(newest.older).toBe('not-cached');
    const oldest = cache.messagesInNarrow(general, { anchor: 10, before: 50, after: 50 });
    expect(ids(oldest.messages)).toEqual([8, 9, 10]);
    expect(oldest).toMatchObject({ older: 'oldest', newer: 'not-cached' });
    expect(cache.messagesInNarrow(general, { anchor: 14, before: 5, after: 5 })).toEqual({
      messages: [],
      older: 'not-cached',
      newer: 'not-cached',
    });
  });

  it('holds a narrow complete wherever all messages are complete', () => {
    const cache = freshCache();
    fetched(
      cache,
      all,
      'newest',
      50,
      [streamMessage(1), streamMessage(2, { topic: 'lunch' }), streamMessage(3, { streamId: 2 })],
      { oldest: true },
    );
    const page = cache.messagesInNarrow(lunch, { anchor: 'newest', before: 10 });
    expect(ids(page.messages)).toEqual([2]);
    expect(page).toMatchObject({ older: 'oldest', newer: 'newest' });
    // A topic is complete where its stream is.
    fetched(cache, { kind: 'stream', streamId: 2 }, 'newest', 50, [
      streamMessage(3, { streamId: 2 }),
    ]);
    expect(cache.completeIntervals({ kind: 'topic', streamId: 2, topic: 'x' })).toEqual([
      { low: 0, high: 3, reachesNewest: true },
    ]);
  });

  it('extends a range that found the newest message with each live message', () => {
    const cache = freshCache();
    fetched(cache, lunch, 'newest', 5, range(1, 3, { topic: 'lunch' }), { oldest: true });
    cache.applyEvents([
      messageEvent(streamMessage(4, { streamId: 2 })),
      messageEvent(streamMessage(5, { topic: 'lunch' })),
    ]);
    expect(cache.completeIntervals(lunch)).toEqual([{ low: 0, high: 5, reachesNewest: true }]);
    expect(ids(cache.messagesInNarrow(lunch, { anchor: 'newest', before: 10 }).messages)).toEqual([
      1, 2, 3, 5,
    ]);
  });

  it('stops extending once the event queue is lost', () => {
    const cache = freshCache();
    fetched(cache, general, 'newest', 5, range(1, 3), { oldest: true });
    cache.forgetNewest();
    cache.applyEvents([messageEvent(streamMessage(9))]);
    const page = cache.messagesInNarrow(general, { anchor: 'newest', before: 10 });
    expect(ids(page.messages)).toEqual([1, 2, 3]);
    expect(page.newer).toBe('not-cached');
  });

  it('keeps a range whole when a message in it is deleted', () => {
    const cache = freshCache();
    fetched(cache, general, 'newest', 5, range(1, 5), { oldest: true });
    cache.applyEvents([event('delete_message', { message_ids: [3], message_type: 'stream' })]);
    const page = cache.messagesInNarrow(general, { anchor: 'newest', before: 10 });
    expect(ids(page.messages)).toEqual([1, 2, 4, 5]);
    expect(page).toMatchObject({ older: 'oldest', newer: 'newest' });
  });

  it('opens a gap in a topic for a message moved into it that the cache never held', () => {
    const cache = freshCache();
    fetched(
      cache,
      lunch,
      'newest',
      10,
      [streamMessage(2, { topic: 'lunch' }), streamMessage(8, { topic: 'lunch' })],
      {
        oldest: true,
      },
    );
    fetched(cache, { kind: 'topic', streamId: 1, topic: 'food' }, 'newest', 10, [
      streamMessage(6, { topic: 'food' }),
    ]);
    cache.applyEvents([
      event('update_message', {
        message_id: 5,
        message_ids: [5, 6],
        flags: [],
        edit_timestamp: 1,
        stream_id: 1,
        subject: 'lunch',
      }),
    ]);
    const page = cache.messagesInNarrow(lunch, { anchor: 'newest', before: 10 });
    expect(ids(page.messages)).toEqual([6, 8]);
    expect(page.older).toBe('not-cached');
  });
});
