import { describe, expect, it } from 'vitest';
import { topicMuting } from '../../../src-main/registerReads/topicMuting';
import { summarizeUnread, unreadEntries } from '../../../src-main/registerReads/unreadSummary';
import {
  bob,
  carol,
  event,
  freshCache,
  me,
  messageEvent,
  privateMessage,
  streamMessage,
  subscription,
  user,
} from './fixtures';

// Unread state as /register hands it: messages 101–106 are not cached.
const unreadMsgs = {
  pms: [{ other_user_id: bob.id, sender_id: bob.id, unread_message_ids: [101] }],
  streams: [
    { stream_id: 1, topic: 'greetings', unread_message_ids: [102, 103] },
    { stream_id: 1, topic: 'Noise', unread_message_ids: [104] },
    { stream_id: 2, topic: 'anything', unread_message_ids: [105] },
    { stream_id: 2, topic: 'followed', unread_message_ids: [106] },
  ],
  huddles: [],
  mentions: [],
  count: 0,
  old_unreads_missing: false,
};

const userTopics = [
  { stream_id: 1, topic_name: 'noise', last_updated: 1, visibility_policy: 1 },
  { stream_id: 2, topic_name: 'Followed', last_updated: 1, visibility_policy: 3 },
];

// The count the server sends, by the reducer's own muting rule.
const registerCount = summarizeUnread(
  unreadEntries(unreadMsgs),
  [],
  topicMuting([2], userTopics),
  false,
).count;

function registeredCache() {
  const cache = freshCache();
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [subscription(1, 'general'), subscription(2, 'muted', true)],
      realm_users: [user(me), user(bob), user(carol)],
      unread_msgs: { ...unreadMsgs, count: registerCount },
      user_topics: userTopics,
    },
    { queueId: 'q', lastEventId: 4 },
  );
  return cache;
}

describe('unread counts', () => {
  it("match the register's, muted streams and topics left out of the totals", () => {
    const counts = registeredCache().unreadCounts();
    expect(counts.total).toBe(registerCount);
    expect(registerCount).toBe(4);
    expect(counts.streams).toEqual(
      new Map([
        [1, 2],
        [2, 1],
      ]),
    );
    expect(counts.dms).toEqual(new Map([[`${me.id},${bob.id}`, 1]]));
    expect(counts.topics).toEqual([
      { streamId: 1, topic: 'greetings', count: 2, muted: false },
      { streamId: 1, topic: 'Noise', count: 1, muted: true },
      { streamId: 2, topic: 'anything', count: 1, muted: true },
      { streamId: 2, topic: 'followed', count: 1, muted: false },
    ]);
  });

  it('follow new messages, reads, deletions, moves and muting', () => {
    const cache = registeredCache();
    const flags = (op: 'add' | 'remove', messages: number[], extra = {}) =>
      event('update_message_flags', {
        op,
        operation: op,
        flag: 'read',
        messages,
        all: false,
        ...extra,
      });
    cache.applyEvents([
      messageEvent(streamMessage(107)),
      messageEvent(privateMessage(108, [me, bob, carol], { sender: carol })),
      messageEvent(streamMessage(109), ['read']),
      flags('add', [102, 101]),
      event('delete_message', { message_ids: [103], message_type: 'stream' }),
      event('update_message', {
        message_id: 104,
        message_ids: [104],
        flags: [],
        edit_timestamp: 1,
        stream_id: 1,
        subject: 'signal',
      }),
      flags('remove', [110], {
        message_details: { 110: { type: 'private', user_ids: [bob.id] } },
      }),
      event('subscription', { op: 'update', stream_id: 2, property: 'in_home_view', value: true }),
    ]);
    const counts = cache.unreadCounts();
    expect(counts.streams).toEqual(
      new Map([
        [1, 2],
        [2, 2],
      ]),
    );
    expect(counts.dms).toEqual(
      new Map([
        [`${me.id},${bob.id}`, 1],
        [`${me.id},${bob.id},${carol.id}`, 1],
      ]),
    );
    expect(counts.total).toBe(6);
    cache.applyEvents([
      event('user_topic', {
        stream_id: 1,
        topic_name: 'SIGNAL',
        last_updated: 2,
        visibility_policy: 1,
      }),
      event('update_message_flags', {
        op: 'add',
        operation: 'add',
        flag: 'read',
        messages: [],
        all: true,
      }),
    ]);
    expect(cache.unreadCounts().total).toBe(0);
  });
});

describe('sidebar data', () => {
  it('drops an archived stream, whose subscription ends with no event of its own', () => {
    const cache = registeredCache();
    // Zulip 7.0's do_deactivate_stream sends a stream delete and nothing else.
    cache.applyEvents([
      event('stream', { op: 'delete', streams: [{ stream_id: 2, name: 'muted' }] }),
    ]);
    expect(cache.subscriptions().map((s) => s.stream_id)).toEqual([1]);
  });

  it('lists subscriptions and users, kept current from events', () => {
    const cache = registeredCache();
    cache.applyEvents([
      event('subscription', { op: 'add', subscriptions: [subscription(3, 'design')] }),
      event('subscription', { op: 'remove', subscriptions: [{ name: 'muted', stream_id: 2 }] }),
      event('stream', {
        op: 'update',
        stream_id: 1,
        property: 'name',
        value: 'General chat',
        name: 'general',
      }),
      event('stream', {
        op: 'update',
        stream_id: 1,
        property: 'description',
        value: 'All **hands**',
        rendered_description: '<p>All <strong>hands</strong></p>',
        name: 'General chat',
      }),
      event('stream', {
        op: 'update',
        stream_id: 1,
        property: 'invite_only',
        value: true,
        history_public_to_subscribers: false,
        is_web_public: false,
        name: 'General chat',
      }),
      event('realm_user', { op: 'update', person: { user_id: bob.id, full_name: 'Robert' } }),
      event('realm_user', { op: 'remove', person: { user_id: carol.id, full_name: 'Carol' } }),
    ]);
    expect(cache.subscriptions().find((s) => s.stream_id === 1)).toMatchObject({
      description: 'All **hands**',
      rendered_description: '<p>All <strong>hands</strong></p>',
      invite_only: true,
      history_public_to_subscribers: false,
    });
    expect(cache.subscriptions().map((s) => [s.stream_id, s.name])).toEqual([
      [3, 'design'],
      [1, 'General chat'],
    ]);
    expect(cache.users().map((u) => [u.full_name, u.is_active])).toEqual([
      ['Me', true],
      ['Robert', true],
      ['Carol', false],
    ]);
  });

  it("lists a stream's topics from the server's list and cached messages, newest first", () => {
    const cache = registeredCache();
    cache.storeStreamTopics(1, [
      { name: 'greetings', max_id: 50 },
      { name: 'old news', max_id: 20 },
    ]);
    cache.storeMessages([
      streamMessage(60, { topic: 'Greetings' }),
      streamMessage(30, { topic: 'fresh' }),
    ]);
    expect(cache.topicsInStream(1)).toEqual([
      { name: 'Greetings', maxId: 60 },
      { name: 'fresh', maxId: 30 },
      { name: 'old news', maxId: 20 },
    ]);
  });

  it('drops a listed topic whose newest message was deleted, keeping what the cache still holds of one', () => {
    const cache = registeredCache();
    cache.storeStreamTopics(1, [
      { name: 'doomed', max_id: 50 },
      { name: 'trimmed', max_id: 40 },
      { name: 'older', max_id: 20 },
    ]);
    cache.storeMessages([streamMessage(35, { topic: 'trimmed' })]);
    cache.applyEvents([
      event('delete_message', {
        message_ids: [48, 49, 50],
        message_type: 'stream',
        stream_id: 1,
        topic: 'Doomed',
      }),
      event('delete_message', {
        message_id: 40,
        message_type: 'stream',
        stream_id: 1,
        topic: 'trimmed',
      }),
      // Not the listed newest: the topic stays listed.
      event('delete_message', {
        message_id: 19,
        message_type: 'stream',
        stream_id: 1,
        topic: 'older',
      }),
    ]);
    expect(cache.topicsInStream(1)).toEqual([
      { name: 'trimmed', maxId: 35 },
      { name: 'older', maxId: 20 },
    ]);
  });
});
