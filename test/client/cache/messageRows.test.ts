import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src-main/wire';
import { freshCache, ids, me, messageEvent, noUnread, streamMessage } from './fixtures';

const search = (cache: ReturnType<typeof freshCache>, word: string) =>
  ids(cache.searchMessages([{ operator: 'search', operand: word }], 100).messages);

const page = (messages: Message[]) => ({
  anchor: messages[0]?.id ?? 0,
  found_anchor: true,
  found_oldest: false,
  found_newest: false,
  messages,
});

// New messages are written many rows per statement; these pages are larger
// than one statement's rows, with some left over, and mix in cached ones.
describe('writing a batch of messages', () => {
  it('writes every new message and replaces the cached ones, text and flags', () => {
    const cache = freshCache();
    const first = Array.from({ length: 10 }, (_, index) =>
      streamMessage(index + 1, { content: `<p>old ${index + 1}</p>`, flags: [] }),
    );
    cache.storePage({ kind: 'all' }, { anchor: 1, numBefore: 0, numAfter: 10 }, page(first));
    expect(cache.unreadCounts().total).toBe(10);

    // Messages 6 to 10 come again, edited and read; 11 to 45 are new, every third unread.
    const second = Array.from({ length: 40 }, (_, index) => {
      const id = index + 6;
      return streamMessage(id, {
        content: `<p>new ${id}</p>`,
        flags: id > 10 && id % 3 === 0 ? [] : ['read'],
      });
    });
    cache.storePage({ kind: 'all' }, { anchor: 6, numBefore: 0, numAfter: 40 }, page(second));

    const feed = cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 100 });
    expect(ids(feed.messages)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
    expect(feed.messages.find((message) => message.id === 8)?.content).toBe('<p>new 8</p>');
    expect(feed.messages.find((message) => message.id === 30)?.content).toBe('<p>new 30</p>');
    const unread = [1, 2, 3, 4, 5, ...[12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45]];
    expect(cache.unreadCounts().total).toBe(unread.length);
    expect(cache.unreadIdsIn({ kind: 'all' })).toEqual(unread);
    expect(search(cache, 'old')).toEqual([1, 2, 3, 4, 5]);
    expect(search(cache, 'new')).toEqual(Array.from({ length: 40 }, (_, index) => index + 6));
  });

  it('takes off the unread list what a page above everything cached delivers as read', () => {
    const cache = freshCache();
    cache.storePage(
      { kind: 'all' },
      { anchor: 1, numBefore: 0, numAfter: 3 },
      page([1, 2, 3].map((id) => streamMessage(id, { flags: ['read'] }))),
    );
    // The server said 40 and 41 were unread; the page brings them read.
    cache.storeRegister(
      {
        user_id: me.id,
        unread_msgs: {
          ...noUnread,
          streams: [{ stream_id: 1, topic: 'greetings', unread_message_ids: [40, 41] }],
          count: 2,
        },
      },
      { queueId: 'q', lastEventId: -1 },
    );
    expect(cache.unreadCounts().total).toBe(2);
    const later = [40, 41, 42].map((id) => streamMessage(id, { flags: id === 42 ? [] : ['read'] }));
    cache.storePage({ kind: 'all' }, { anchor: 3, numBefore: 0, numAfter: 3 }, page(later));
    expect(cache.unreadIdsIn({ kind: 'all' })).toEqual([42]);
    expect(cache.unreadCounts().total).toBe(1);
  });

  it('takes the last delivery of a message delivered twice in one batch', () => {
    const cache = freshCache();
    const events = Array.from({ length: 20 }, (_, index) => {
      const message = streamMessage(index + 1, { content: `<p>first ${index + 1}</p>` });
      return messageEvent(message, []);
    });
    const again = streamMessage(7, { content: '<p>second 7</p>' });
    cache.applyEvents([...events, messageEvent(again, ['read'])]);

    const all = Array.from({ length: 20 }, (_, index) => index + 1);
    const stored = cache.messagesAmong({ kind: 'all' }, all);
    expect(ids(stored)).toEqual(all);
    expect(stored.find((message) => message.id === 7)).toMatchObject({
      content: '<p>second 7</p>',
      flags: ['read'],
    });
    expect(cache.unreadIdsIn({ kind: 'all' })).not.toContain(7);
    expect(cache.unreadCounts().total).toBe(19);
    expect(search(cache, 'second')).toEqual([7]);
    expect(search(cache, 'first')).not.toContain(7);
  });
});
