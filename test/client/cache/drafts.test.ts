import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bob,
  carol,
  freshCache,
  me,
  noUnread,
  reopen,
  subscription,
  tempFolder,
  user,
} from './fixtures';

const toLunch = { kind: 'stream' as const, streamId: 1, topic: 'Lunch' };
const toBob = { kind: 'private' as const, userIds: [bob.id] };

/** A cache that knows who its reader is, as after the first register. */
function cacheOfMe(file = join(tempFolder(), 'account.db')) {
  const cache = freshCache(file);
  cache.storeRegister(
    {
      user_id: me.id,
      subscriptions: [subscription(1, 'general')],
      realm_users: [user(me), user(bob), user(carol)],
      unread_msgs: noUnread,
    },
    { queueId: 'queue-1', lastEventId: -1 },
  );
  return cache;
}

describe('drafts in the cache', () => {
  it('keeps one draft per conversation, the latest text replacing the one before', () => {
    const cache = cacheOfMe();
    cache.drafts.save(toLunch, 'Shall we', 1000);
    cache.drafts.save({ ...toLunch, topic: 'LUNCH' }, 'Shall we eat at noon?', 2000);
    expect(cache.drafts.list()).toEqual([
      {
        id: expect.any(Number),
        conversation: 'stream:1:lunch',
        destination: { kind: 'stream', streamId: 1, topic: 'LUNCH' },
        content: 'Shall we eat at noon?',
        updatedAt: 2000,
      },
    ]);
  });

  it('names a private conversation by its people, whether or not the writer is listed', () => {
    const cache = cacheOfMe();
    cache.drafts.save({ kind: 'private', userIds: [carol.id, bob.id] }, 'Hi both', 1000);
    expect(cache.drafts.of({ kind: 'private', userIds: [bob.id, me.id, carol.id] })).toMatchObject({
      conversation: `dm:${me.id},${bob.id},${carol.id}`,
      content: 'Hi both',
    });
    expect(cache.drafts.of(toBob)).toBeNull();
  });

  it('lists drafts by when they were last edited, newest first', () => {
    const cache = cacheOfMe();
    cache.drafts.save(toLunch, 'first', 1000);
    cache.drafts.save(toBob, 'second', 2000);
    cache.drafts.save({ kind: 'stream', streamId: 1, topic: 'dinner' }, 'third', 3000);
    cache.drafts.save(toLunch, 'first, edited', 4000);
    expect(cache.drafts.list().map((draft) => draft.content)).toEqual([
      'first, edited',
      'third',
      'second',
    ]);
  });

  it('forgets a draft by its conversation or by its ID, once', () => {
    const cache = cacheOfMe();
    cache.drafts.save(toLunch, 'to lunch', 1000);
    cache.drafts.save(toBob, 'to bob', 2000);
    expect(cache.drafts.discard({ ...toLunch, topic: 'lunch' })).toBe(true);
    expect(cache.drafts.discard(toLunch)).toBe(false);
    const id = cache.drafts.of(toBob)?.id ?? 0;
    expect(cache.drafts.remove(id)).toBe(true);
    expect(cache.drafts.remove(id)).toBe(false);
    expect(cache.drafts.list()).toEqual([]);
  });

  it('saves into the draft it is given, when a conversation holds two', () => {
    const cache = cacheOfMe();
    cache.drafts.save(toLunch, 'mine', 1000);
    const older = cache.drafts.of(toLunch)?.id ?? 0;
    cache.drafts.copy(toLunch, 'from the other device', 2000);
    cache.drafts.save(toLunch, 'mine, edited', 3000, older);
    const listed = cache.drafts.list();
    expect(listed.map(({ content }) => content)).toEqual(['mine, edited', 'from the other device']);
    expect(listed[0]?.id).toBe(older);
  });

  it('keeps drafts when the cache file is closed and opened again', () => {
    const file = join(tempFolder(), 'account.db');
    const first = cacheOfMe(file);
    first.drafts.save(toLunch, 'Shall we eat at noon?', 1000);
    first.drafts.save(toBob, 'See you Friday', 2000);
    const cache = reopen(first, file);
    expect(cache.drafts.list().map(({ content, updatedAt }) => ({ content, updatedAt }))).toEqual([
      { content: 'See you Friday', updatedAt: 2000 },
      { content: 'Shall we eat at noon?', updatedAt: 1000 },
    ]);
    expect(cache.drafts.of(toBob)?.content).toBe('See you Friday');
  });
});
