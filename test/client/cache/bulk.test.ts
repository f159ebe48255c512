import { describe, expect, it } from 'vitest';
import { freshCache, ids, messageEvent, streamMessage } from './fixtures';

const total = 20_000;
const words = ['apple', 'banana', 'cherry', 'damson', 'elder'];

// Message n is in stream n % 4 + 1, topic `topic n % 10`, and says word n % 5
// plus, for every 1000th, the rare word "zeppelin".
const messageNumber = (n: number) =>
  streamMessage(n, {
    streamId: (n % 4) + 1,
    topic: `topic ${n % 10}`,
    content: `<p>${words[n % 5]} number ${n}${n % 1000 === 0 ? ' zeppelin' : ''}</p>`,
    flags: n % 3 === 0 ? [] : ['read'],
  });

const expected = (keep: (n: number) => boolean, newest: number) => {
  const found: number[] = [];
  for (let n = total; n >= 1 && found.length < newest; n -= 1) if (keep(n)) found.push(n);
  return found.reverse();
};

describe('a cache of 20,000 messages', () => {
  it('reads narrows and searches with the right rows', () => {
    const cache = freshCache();
    const fetchedCount = total - 1000;
    const fetched = Array.from({ length: fetchedCount }, (_, index) => messageNumber(index + 1));
    for (let start = 0; start < fetched.length; start += 1000) {
      const page = fetched.slice(start, start + 1000);
      cache.storePage(
        { kind: 'all' },
        { anchor: page[0]?.id ?? 0, numBefore: 0, numAfter: 1000 },
        {
          anchor: page[0]?.id ?? 0,
          found_anchor: true,
          found_oldest: start === 0,
          found_newest: start + 1000 >= fetched.length,
          messages: page,
        },
      );
    }
    cache.applyEvents(
      Array.from({ length: 1000 }, (_, index) => {
        const message = messageNumber(fetchedCount + index + 1);
        return messageEvent(message, message.flags);
      }),
    );

    const topic = cache.messagesInNarrow(
      { kind: 'topic', streamId: 3, topic: 'TOPIC 6' },
      { anchor: 'newest', before: 50 },
    );
    expect(ids(topic.messages)).toEqual(expected((n) => n % 4 === 2 && n % 10 === 6, 50));
    expect(topic).toMatchObject({ older: 'more-cached', newer: 'newest' });

    const middle = cache.messagesInNarrow(
      { kind: 'stream', streamId: 1 },
      { anchor: 10_000, before: 2, after: 2 },
    );
    expect(ids(middle.messages)).toEqual([9992, 9996, 10_000, 10_004, 10_008]);

    const search = (operand: string, limit = 50) =>
      ids(cache.searchMessages([{ operator: 'search', operand }], limit).messages);
    expect(search('cherry')).toEqual(expected((n) => n % 5 === 2, 50));
    expect(search('zeppelin')).toEqual(expected((n) => n % 1000 === 0, 50));
    const unreadInStream = cache.searchMessages(
      [
        { operator: 'search', operand: 'banana' },
        { operator: 'stream', operand: 2 },
        { operator: 'is', operand: 'unread' },
      ],
      20,
    );
    expect(ids(unreadInStream.messages)).toEqual(
      expected((n) => n % 5 === 1 && n % 4 === 1 && n % 3 === 0, 20),
    );
    expect(cache.unreadCounts().total).toBe(Math.floor(total / 3));
  });
});
