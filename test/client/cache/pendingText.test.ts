import { describe, expect, it } from 'vitest';
import {
  event,
  freshCache,
  ids,
  me,
  messageEvent,
  noUnread,
  reopen,
  streamMessage,
  subscription,
  tempFolder,
  user,
} from './fixtures';
import { statSync } from 'node:fs';
import { join } from 'node:path';

// Catching up stores thousands of messages at once and leaves their
// full-text entries for later: a search must still find every one.

const page = (messages: ReturnType<typeof streamMessage>[]) => ({
  anchor: 0,
  found_anchor: false,
  found_newest: true,
  found_oldest: false,
  messages,
});

function caughtUpCache(file = join(tempFolder(), 'account.db')) {
  const cache = freshCache(file);
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [subscription(1, 'general')],
      realm_users: [user(me)],
      unread_msgs: noUnread,
    },
    { queueId: 'q', lastEventId: -1 },
  );
  cache.storePage(
    { kind: 'all' },
    { anchor: 0, numBefore: 0, numAfter: 1000 },
    page([
      streamMessage(1, { content: '<p>sourdough starter</p>', flags: ['read'] }),
      streamMessage(2, { content: '<p>rye and sourdough</p>', flags: ['read'] }),
      streamMessage(3, { content: '<p>a baguette</p>', flags: ['read'] }),
    ]),
    { deferText: true },
  );
  return cache;
}

const search = (cache: ReturnType<typeof freshCache>, word: string) =>
  ids(cache.searchMessages([{ operator: 'search', operand: word }], 50).messages);

describe('messages stored without their full text yet', () => {
  it('are found by a search, which indexes them first', () => {
    const cache = caughtUpCache();
    expect(search(cache, 'sourdough')).toEqual([1, 2]);
    expect(cache.indexPending(10)).toBe(false);
  });

  it('are indexed in batches, as they are now: edited text, and deleted ones left out', () => {
    const file = join(tempFolder(), 'account.db');
    const first = caughtUpCache(file);
    first.applyEvents([
      event('update_message', {
        message_id: 3,
        message_ids: [3],
        flags: ['read'],
        edit_timestamp: 100,
        rendered_content: '<p>a baguette and a croissant</p>',
      }),
      event('delete_message', {
        message_ids: [2],
        message_type: 'stream',
        stream_id: 1,
        topic: 'x',
      }),
    ]);
    const cache = reopen(first, file);
    // One message a batch: 1, then 3, as 2 is gone.
    expect(cache.indexPending(1)).toBe(true);
    expect(cache.indexPending(1)).toBe(false);
    expect(search(cache, 'croissant')).toEqual([3]);
    expect(search(cache, 'sourdough')).toEqual([1]);
  });
});

describe('a burst written at once', () => {
  it('leaves the log no bigger than its limit once its text is indexed', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = caughtUpCache(file);
    const words = 'a fairly long message about bread, flour, water and salt '.repeat(3);
    for (let start = 100; start < 10_100; start += 1000) {
      const messages = Array.from({ length: 1000 }, (_, index) =>
        streamMessage(start + index, { content: `<p>${words}</p>`, flags: ['read'] }),
      );
      cache.storePage(
        { kind: 'all' },
        { anchor: start - 1, numBefore: 0, numAfter: 1000 },
        { ...page(messages), found_newest: false },
        { deferText: true },
      );
    }
    const log = () => statSync(`${file}-wal`).size;
    expect(log()).toBeGreaterThan(6 * 1024 * 1024);
    while (cache.indexPending(2_000));
    cache.applyEvents([messageEvent(streamMessage(20_000), ['read'])]);
    expect(log()).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(search(cache, 'flour')).toHaveLength(50);
  });

  it('takes the last flags of a message delivered twice in it', () => {
    const cache = caughtUpCache();
    cache.applyEvents([
      messageEvent(streamMessage(7)),
      messageEvent(streamMessage(7), ['read']),
      messageEvent(streamMessage(8), ['read']),
      messageEvent(streamMessage(8)),
    ]);
    expect(cache.unreadCounts().total).toBe(1);
    expect(cache.unreadCounts().streams.get(1)).toBe(1);
  });
});
