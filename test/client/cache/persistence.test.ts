import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bob,
  freshCache,
  me,
  noUnread,
  reopen,
  streamMessage,
  subscription,
  tempFolder,
  user,
} from './fixtures';

describe('what survives closing the cache', () => {
  it('keeps the register state and its queue position for an offline start', () => {
    const file = join(tempFolder(), 'account.db');
    const state = {
      user_id: me.id,
      subscriptions: [subscription(1, 'general')],
      realm_users: [user(me), user(bob)],
      unread_msgs: noUnread,
      realm_name: 'Hearth',
    };
    const cache = reopen(
      (() => {
        const first = freshCache(file);
        first.storeRegister(state, { queueId: 'queue-1', lastEventId: 7 });
        return first;
      })(),
      file,
    );
    expect(cache.loadRegisterState()).toEqual({ state, queueId: 'queue-1', lastEventId: 7 });
    expect(cache.subscriptions().map((s) => s.name)).toEqual(['general']);
    expect(cache.users()).toHaveLength(2);
    cache.saveRegisterState(
      { ...state, realm_name: 'Renamed' },
      { queueId: 'queue-2', lastEventId: 9 },
    );
    expect(reopen(cache, file).loadRegisterState()).toMatchObject({
      state: { realm_name: 'Renamed' },
      queueId: 'queue-2',
      lastEventId: 9,
    });
  });

  it('has no register state before the first register', () => {
    expect(freshCache().loadRegisterState()).toBeNull();
  });

  it("keeps the outbox in the order written, with each send's state", () => {
    const file = join(tempFolder(), 'account.db');
    const first = freshCache(file);
    const toGeneral = { type: 'stream' as const, streamId: 1, streamName: 'general', topic: 'hi' };
    const toBob = { type: 'private' as const, userIds: [bob.id], emails: [bob.email] };
    first.outbox.add({ localId: 'b', destination: toGeneral, content: 'first', createdAt: 1000 });
    first.outbox.add({ localId: 'a', destination: toBob, content: 'second', createdAt: 1001 });
    // What the cache held then bounds where an attempt of unknown outcome is looked for.
    first.storeMessages([streamMessage(40)]);
    first.outbox.add({ localId: 'c', destination: toGeneral, content: 'third', createdAt: 1002 });
    expect(first.outbox.markSending('b', 2000)).toBe(true);
    expect(first.outbox.markFailed('b', 'Network unreachable')).toBe(true);
    expect(first.outbox.markSending('b', 3000)).toBe(true);
    expect(first.outbox.markFailed('b', 'Stream does not exist')).toBe(true);
    expect(first.outbox.markSending('a', 3500)).toBe(true);
    // Only a send in flight goes back in line when its outcome is unknown.
    expect(first.outbox.unsend('b')).toBe(false);
    expect(first.outbox.markSent('a', 77)).toBe(true);
    expect(first.outbox.requeue('c')).toBe(false);
    const cache = reopen(first, file);
    expect(cache.outbox.entries()).toEqual([
      {
        localId: 'b',
        destination: toGeneral,
        content: 'first',
        createdAt: 1000,
        state: 'failed',
        attempts: 2,
        lastAttemptAt: 3000,
        lastError: 'Stream does not exist',
        messageId: null,
        knownNewest: null,
      },
      {
        localId: 'a',
        destination: toBob,
        content: 'second',
        createdAt: 1001,
        state: 'sent',
        attempts: 1,
        lastAttemptAt: 3500,
        lastError: null,
        messageId: 77,
        knownNewest: null,
      },
      {
        localId: 'c',
        destination: toGeneral,
        content: 'third',
        createdAt: 1002,
        state: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        lastError: null,
        messageId: null,
        knownNewest: 40,
      },
    ]);
    expect(cache.outbox.remove('a')).toBe(true);
    expect(cache.outbox.remove('b')).toBe(true);
    expect(cache.outbox.remove('b')).toBe(false);
    expect(
      reopen(cache, file)
        .outbox.entries()
        .map((entry) => entry.localId),
    ).toEqual(['c']);
  });
});
