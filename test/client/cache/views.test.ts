import { describe, expect, it } from 'vitest';
import {
  bob,
  cacheHolding,
  event,
  freshCache,
  ids,
  me,
  messageEvent,
  privateMessage,
  streamMessage,
} from './fixtures';

// Zulip's Mentions, Starred and Direct messages views, read from the cache,
// and the edit history it keeps for the window's edited and moved markers.

const all = { kind: 'all' } as const;
const newest = { anchor: 'newest', before: 50 } as const;

const cacheWithViews = () =>
  cacheHolding([
    streamMessage(1, { flags: ['read', 'mentioned'] }),
    streamMessage(2, { flags: ['read', 'starred'] }),
    privateMessage(3, [me, bob], { flags: [] }),
    streamMessage(4, { flags: ['wildcard_mentioned'] }),
    streamMessage(5, { flags: ['read'] }),
  ]);

describe('the views of the cache', () => {
  it('reads mentions (wildcards too), starred and direct messages from any page that holds them', () => {
    const cache = cacheWithViews();
    expect(ids(cache.messagesInNarrow({ kind: 'mentioned' }, newest).messages)).toEqual([1, 4]);
    expect(ids(cache.messagesInNarrow({ kind: 'starred' }, newest).messages)).toEqual([2]);
    expect(ids(cache.messagesInNarrow({ kind: 'dms' }, newest).messages)).toEqual([3]);
  });

  it('follows stars given here and elsewhere', () => {
    const cache = cacheWithViews();
    cache.applyEvents([
      event('update_message_flags', { op: 'add', flag: 'starred', messages: [5], all: false }),
      event('update_message_flags', { op: 'remove', flag: 'starred', messages: [2], all: false }),
    ]);
    expect(ids(cache.messagesInNarrow({ kind: 'starred' }, newest).messages)).toEqual([5]);
  });

  it('no longer claims the whole starred view when a message it never held is starred', () => {
    const cache = freshCache();
    cache.storeRegister({ user_id: me.id }, { queueId: 'q', lastEventId: -1 });
    const starred = { kind: 'starred' } as const;
    cache.storePage(
      starred,
      { anchor: 'newest', numBefore: 50, numAfter: 0 },
      {
        anchor: 1e16,
        found_anchor: false,
        found_oldest: true,
        found_newest: true,
        messages: [
          streamMessage(20, { flags: ['starred'] }),
          streamMessage(40, { flags: ['starred'] }),
        ],
      },
    );
    expect(cache.messagesInNarrow(starred, newest).older).toBe('oldest');
    cache.applyEvents([
      event('update_message_flags', { op: 'add', flag: 'starred', messages: [30], all: false }),
    ]);
    const page = cache.messagesInNarrow(starred, newest);
    expect(ids(page.messages)).toEqual([40]);
    expect(page.older).toBe('not-cached');
  });

  it('lists a narrow’s unread messages, oldest first, for marking them read', () => {
    const cache = cacheWithViews();
    cache.applyEvents([
      messageEvent(streamMessage(6, { topic: 'Lunch' })),
      messageEvent(privateMessage(7, [me, bob])),
      messageEvent(streamMessage(8, { topic: 'dinner' })),
    ]);
    expect(cache.unreadIdsIn({ kind: 'dms' })).toEqual([3, 7]);
    expect(cache.unreadIdsIn({ kind: 'dm', userIds: [bob.id] })).toEqual([3, 7]);
    expect(cache.unreadIdsIn({ kind: 'mentioned' })).toEqual([4]);
    expect(cache.unreadIdsIn(all)).toEqual([3, 4, 6, 7, 8]);
    expect(cache.unreadIdsIn({ kind: 'topic', streamId: 1, topic: 'LUNCH' })).toEqual([6]);
  });
});

describe('edit history in the cache', () => {
  it('keeps each edit newest first: content edits with what they replaced, moves with both topics', () => {
    const cache = cacheWithViews();
    cache.applyEvents([
      event('update_message', {
        message_id: 5,
        message_ids: [5],
        flags: ['read'],
        user_id: bob.id,
        edit_timestamp: 1_700_000_100,
        orig_content: 'first',
        orig_rendered_content: '<p>first</p>',
        rendered_content: '<p>second</p>',
      }),
      event('update_message', {
        message_id: 5,
        message_ids: [5],
        flags: ['read'],
        user_id: bob.id,
        edit_timestamp: 1_700_000_200,
        stream_id: 1,
        orig_subject: 'greetings',
        subject: 'welcome',
      }),
    ]);
    const [message] = cache.messagesAmong(all, [5]);
    expect(message?.edit_history).toEqual([
      { user_id: bob.id, timestamp: 1_700_000_200, prev_topic: 'greetings', topic: 'welcome' },
      {
        user_id: bob.id,
        timestamp: 1_700_000_100,
        prev_content: 'first',
        prev_rendered_content: '<p>first</p>',
      },
    ]);
  });

  it('adds nothing for Zulip re-rendering a message by itself', () => {
    const cache = cacheWithViews();
    cache.applyEvents([
      event('update_message', {
        message_id: 5,
        message_ids: [5],
        flags: ['read'],
        edit_timestamp: 1_700_000_100,
        rendering_only: true,
        rendered_content: '<p>re-rendered</p>',
      }),
    ]);
    expect(cache.messagesAmong(all, [5])[0]?.edit_history).toBeUndefined();
  });
});

describe('a fresh page of a view', () => {
  it('unstars what was unstarred elsewhere meanwhile, and keeps the message', () => {
    const cache = cacheWithViews();
    const starred = { kind: 'starred' } as const;
    cache.storePage(
      starred,
      { anchor: 'newest', numBefore: 50, numAfter: 0 },
      { anchor: 1e16, found_anchor: false, found_oldest: true, found_newest: true, messages: [] },
    );
    expect(cache.messagesInNarrow(starred, newest).messages).toEqual([]);
    const [kept] = cache.messagesAmong(all, [2]);
    expect(kept?.flags).toEqual(['read']);
  });
});
