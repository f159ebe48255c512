import { describe, expect, it } from 'vitest';
import {
  bob,
  cacheHolding,
  carol,
  event,
  freshCache,
  ids,
  me,
  messageEvent,
  privateMessage,
  streamMessage,
} from './fixtures';

const all = { kind: 'all' } as const;
const general = { kind: 'stream', streamId: 1 } as const;

const cacheWithHistory = () =>
  cacheHolding([
    streamMessage(3, { topic: 'Lunch' }),
    streamMessage(1, { topic: 'greetings' }),
    privateMessage(2, [me, bob]),
    streamMessage(4, { streamId: 2, stream: 'random' }),
    privateMessage(5, [me, bob, carol]),
    streamMessage(6, { topic: 'lunch' }),
  ]);

describe('messagesInNarrow', () => {
  it('reads each narrow oldest first, from messages stored in any order', () => {
    const cache = cacheWithHistory();
    const read = (narrow: Parameters<typeof cache.messagesInNarrow>[0]) =>
      ids(cache.messagesInNarrow(narrow, { anchor: 'newest', before: 50 }).messages);
    expect(read(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read(general)).toEqual([1, 3, 6]);
    expect(read({ kind: 'topic', streamId: 1, topic: 'LUNCH' })).toEqual([3, 6]);
    expect(read({ kind: 'dm', userIds: [bob.id] })).toEqual([2]);
    expect(read({ kind: 'dm', userIds: [carol.id, bob.id, me.id] })).toEqual([5]);
  });

  it('gives the message its flags and its wire fields back', () => {
    const cache = freshCache();
    const message = streamMessage(9, { flags: ['read', 'starred'], content: '<p>a &amp; b</p>' });
    cache.storePage(
      general,
      { anchor: 'newest', numBefore: 10, numAfter: 0 },
      {
        anchor: 1e16,
        found_anchor: false,
        found_oldest: true,
        found_newest: true,
        messages: [message],
      },
    );
    const [read] = cache.messagesInNarrow(general, { anchor: 'newest', before: 1 }).messages;
    expect(read).toEqual(message);
  });

  it('takes `before` messages older than a numeric anchor, the anchor, and `after` newer ones', () => {
    const cache = cacheWithHistory();
    const page = cache.messagesInNarrow(all, { anchor: 3, before: 1, after: 2 });
    expect(ids(page.messages)).toEqual([2, 3, 4, 5]);
    expect(page.older).toBe('more-cached');
    expect(page.newer).toBe('more-cached');
  });

  it("says the page reaches the narrow's first and newest message when it does", () => {
    const cache = cacheWithHistory();
    const page = cache.messagesInNarrow(general, { anchor: 'newest', before: 3 });
    expect(page).toMatchObject({ older: 'oldest', newer: 'newest' });
    const shorter = cache.messagesInNarrow(general, { anchor: 'newest', before: 2 });
    expect(ids(shorter.messages)).toEqual([3, 6]);
    expect(shorter.older).toBe('more-cached');
  });

  it('moves messages to another stream, and a new topic, from Zulip 7.0’s event', () => {
    const cache = cacheWithHistory();
    cache.applyEvents([
      event('update_message', {
        message_id: 3,
        message_ids: [3, 6],
        flags: [],
        edit_timestamp: 1_700_000_700,
        stream_id: 1,
        new_stream_id: 2,
        orig_subject: 'lunch',
        subject: 'brunch',
        propagate_mode: 'change_all',
      }),
    ]);
    const read = (narrow: Parameters<typeof cache.messagesInNarrow>[0]) =>
      cache.messagesInNarrow(narrow, { anchor: 'newest', before: 50 }).messages;
    expect(ids(read(general))).toEqual([1]);
    const moved = read({ kind: 'topic', streamId: 2, topic: 'brunch' });
    expect(moved.map((m) => [m.id, m.stream_id, m.subject])).toEqual([
      [3, 2, 'brunch'],
      [6, 2, 'brunch'],
    ]);
  });

  it('applies a new message, an edit, a move and a deletion from events', () => {
    const cache = cacheWithHistory();
    cache.applyEvents([
      messageEvent(streamMessage(7, { topic: 'lunch' })),
      event('update_message', {
        message_id: 3,
        message_ids: [3],
        flags: ['read', 'mentioned'],
        edit_timestamp: 1_700_000_500,
        rendered_content: '<p>edited</p>',
      }),
      event('update_message', {
        message_id: 6,
        message_ids: [6, 7],
        flags: [],
        edit_timestamp: 1_700_000_600,
        stream_id: 1,
        subject: 'dinner',
      }),
      event('delete_message', {
        message_ids: [1],
        message_type: 'stream',
        stream_id: 1,
        topic: 'greetings',
      }),
      event('delete_message', { message_id: 2, message_type: 'private' }),
    ]);
    const read = (narrow: Parameters<typeof cache.messagesInNarrow>[0]) =>
      cache.messagesInNarrow(narrow, { anchor: 'newest', before: 50 }).messages;
    expect(ids(read(all))).toEqual([3, 4, 5, 6, 7]);
    expect(ids(read({ kind: 'topic', streamId: 1, topic: 'lunch' }))).toEqual([3]);
    const dinner = read({ kind: 'topic', streamId: 1, topic: 'dinner' });
    expect(ids(dinner)).toEqual([6, 7]);
    expect(dinner.map((m) => [m.subject, m.last_edit_timestamp])).toEqual([
      ['dinner', 1_700_000_600],
      ['dinner', 1_700_000_600],
    ]);
    const [edited] = read({ kind: 'topic', streamId: 1, topic: 'lunch' });
    expect(edited).toMatchObject({ content: '<p>edited</p>', last_edit_timestamp: 1_700_000_500 });
    expect(edited?.flags).toEqual(['read', 'mentioned']);
  });

  it('adds and removes flags, and marks everything read', () => {
    const cache = cacheWithHistory();
    const flagsOf = () =>
      cache.messagesInNarrow(all, { anchor: 'newest', before: 50 }).messages.map((m) => m.flags);
    const flagEvent = (op: 'add' | 'remove', flag: string, messages: number[], all = false) =>
      event('update_message_flags', { op, operation: op, flag, messages, all });
    cache.applyEvents([flagEvent('add', 'starred', [1, 2]), flagEvent('add', 'read', [2, 3])]);
    expect(flagsOf()).toEqual([['starred'], ['read', 'starred'], ['read'], [], [], []]);
    cache.applyEvents([flagEvent('remove', 'starred', [2]), flagEvent('add', 'read', [], true)]);
    expect(flagsOf()).toEqual([
      ['read', 'starred'],
      ['read'],
      ['read'],
      ['read'],
      ['read'],
      ['read'],
    ]);
  });

  it('skips a malformed event and says so, keeping the rest of the batch', () => {
    const cache = cacheWithHistory();
    cache.applyEvents([
      event('update_message', { message_id: 'three' }),
      messageEvent(streamMessage(8)),
    ]);
    expect(ids(cache.messagesInNarrow(general, { anchor: 'newest', before: 1 }).messages)).toEqual([
      8,
    ]);
  });
});
