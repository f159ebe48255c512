import { describe, expect, it } from 'vitest';
import { bob, carol, freshCache, me, noUnread, privateMessage, streamMessage } from './fixtures';

// Issue 15, point 1: Recent conversations and the sidebar's private
// conversations are read from the cache, newest first, with the unread
// messages the server told of even when the cache does not hold them.

function cacheWithConversations() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      unread_msgs: {
        ...noUnread,
        pms: [{ other_user_id: carol.id, sender_id: carol.id, unread_message_ids: [9] }],
        streams: [{ stream_id: 1, topic: 'Greetings', unread_message_ids: [7] }],
        count: 2,
      },
    },
    { queueId: 'q', lastEventId: -1 },
  );
  cache.storePage(
    { kind: 'all' },
    { anchor: 'newest', numBefore: 100, numAfter: 0 },
    {
      anchor: 1e16,
      found_anchor: false,
      found_oldest: true,
      found_newest: false,
      messages: [
        streamMessage(1, { topic: 'greetings' }),
        privateMessage(2, [me, bob], { sender: bob }),
        streamMessage(3, { topic: 'Lunch', sender: carol }),
        streamMessage(4, { topic: 'lunch', sender: me }),
      ],
    },
  );
  return cache;
}

describe('recent conversations in the cache', () => {
  it('orders topics and private conversations by their latest message, one row per topic whatever its case', () => {
    const rows = cacheWithConversations().recentConversations(10);
    expect(rows.map((row) => [row.streamId, row.topic, row.dmKey, row.latestId])).toEqual([
      [null, '', `${me.id},${carol.id}`, 9],
      [1, 'greetings', null, 7],
      [1, 'lunch', null, 4],
      [null, '', `${me.id},${bob.id}`, 2],
    ]);
  });

  it('names who wrote the latest messages, the latest first, and nobody where none is held', () => {
    const rows = cacheWithConversations().recentConversations(10);
    expect(rows.map((row) => row.senderIds)).toEqual([[], [bob.id], [me.id, carol.id], [bob.id]]);
    // A topic placed by an unread message the cache does not hold shows its newest held one's time.
    expect(rows.map((row) => row.timestamp)).toEqual([
      null,
      1_700_000_001,
      1_700_000_004,
      1_700_000_002,
    ]);
  });

  it('lists the private conversations alone for the sidebar, within the limit', () => {
    const cache = cacheWithConversations();
    expect(cache.latestPrivateConversations(10)).toEqual([
      `${me.id},${carol.id}`,
      `${me.id},${bob.id}`,
    ]);
    expect(cache.latestPrivateConversations(1)).toHaveLength(1);
  });
});
