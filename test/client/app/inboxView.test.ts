import { describe, expect, it } from 'vitest';
import { inboxOf } from '../../../src-main/client/app/inboxView';
import { bob, carol, freshCache, me, subscription, user } from '../cache/fixtures';

/** A reader with unread messages in two streams (one pinned, one muted), a muted topic and two private conversations. */
function readerWithUnreads() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [
        subscription(1, 'kitchen'),
        { ...subscription(2, 'workshop'), pin_to_top: true, color: '#e4523d' },
        subscription(3, 'noise', true),
        subscription(4, 'attic'),
      ],
      realm_users: [user(me), user(bob), user(carol)],
      user_topics: [{ stream_id: 1, topic_name: 'gossip', last_updated: 1, visibility_policy: 1 }],
      unread_msgs: {
        streams: [
          { stream_id: 1, topic: 'Lunch', unread_message_ids: [10, 14] },
          { stream_id: 1, topic: 'menu', unread_message_ids: [12] },
          { stream_id: 1, topic: 'gossip', unread_message_ids: [16] },
          { stream_id: 2, topic: 'saws', unread_message_ids: [11] },
          { stream_id: 3, topic: 'chatter', unread_message_ids: [17] },
          { stream_id: 4, topic: 'boxes', unread_message_ids: [9] },
        ],
        pms: [{ other_user_id: bob.id, unread_message_ids: [13] }],
        huddles: [{ user_ids_string: `${me.id},${bob.id},${carol.id}`, unread_message_ids: [15] }],
        mentions: [12],
        count: 9,
        old_unreads_missing: false,
      },
    },
    { queueId: 'q', lastEventId: -1 },
  );
  return cache;
}

describe("the Inbox's rows", () => {
  it('lists private conversations first, newest unread first, each with its count', () => {
    const cache = readerWithUnreads();
    expect(inboxOf(cache, cache.unreadCounts()).dms).toEqual([
      {
        narrow: { kind: 'private', userIds: [bob.id, carol.id] },
        label: 'Bob, Carol',
        unread: 1,
        mentioned: false,
      },
      { narrow: { kind: 'private', userIds: [bob.id] }, label: 'Bob', unread: 1, mentioned: false },
    ]);
  });

  it('groups topics under their stream, pinned streams first then by name, leaving out muted ones', () => {
    const cache = readerWithUnreads();
    const { streams } = inboxOf(cache, cache.unreadCounts());
    expect(streams.map(({ name, color, unread }) => ({ name, color, unread }))).toEqual([
      { name: 'workshop', color: '#e4523d', unread: 1 },
      { name: 'attic', color: '#76ce90', unread: 1 },
      { name: 'kitchen', color: '#76ce90', unread: 3 },
    ]);
    // By newest unread message; the mention is marked on its topic.
    expect(streams[2]?.topics).toEqual([
      {
        narrow: { kind: 'stream', streamId: 1, topic: 'Lunch' },
        label: 'Lunch',
        unread: 2,
        mentioned: false,
      },
      {
        narrow: { kind: 'stream', streamId: 1, topic: 'menu' },
        label: 'menu',
        unread: 1,
        mentioned: true,
      },
    ]);
  });

  it('is empty when nothing is unread', () => {
    const cache = freshCache();
    cache.storeRegister({ user_id: me.id }, { queueId: 'q', lastEventId: -1 });
    expect(inboxOf(cache, cache.unreadCounts())).toEqual({ dms: [], streams: [] });
  });
});
