import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import {
  bob,
  carol,
  event,
  freshCache,
  me,
  messageEvent,
  noUnread,
  reopen,
  streamMessage,
  subscription,
  tempFolder,
  user,
} from './fixtures';

// Issue 34, point 5: what the cache keeps of events whose form changed after
// Zulip 7.0 (changelog levels 228, 343 and 510), next to Hearth hosts' forms.

function registered(level: number | undefined, file = join(tempFolder(), 'account.db')): Cache {
  const cache = freshCache(file);
  cache.storeRegister(
    {
      user_id: me.id,
      ...(level === undefined ? {} : { zulip_feature_level: level }),
      subscriptions: [subscription(1, 'general'), subscription(2, 'garden')],
      realm_users: [user(me), user(bob), user(carol)],
      unread_msgs: noUnread,
    },
    { queueId: 'q', lastEventId: 0 },
  );
  return cache;
}

const people = (cache: Cache) =>
  cache.users().map((person) => [person.full_name, person.is_active] as const);
const channels = (cache: Cache) => cache.subscriptions().map((entry) => entry.name);

describe('the cache and a modern server’s events', () => {
  it('forgets a person a guest stops seeing, rather than keeping them as deactivated', () => {
    const cache = registered(300);
    cache.applyEvents([event('realm_user', { op: 'remove', person: { user_id: bob.id } })]);
    expect(people(cache)).toEqual([
      ['Me', true],
      ['Carol', true],
    ]);
  });

  it('reads the server’s level from the saved register state after a restart', () => {
    const file = join(tempFolder(), 'account.db');
    const cache = reopen(registered(300, file), file);
    cache.applyEvents([event('realm_user', { op: 'remove', person: { user_id: carol.id } })]);
    expect(people(cache).map(([name]) => name)).toEqual(['Me', 'Bob']);
  });

  it('keeps a removed person as deactivated on a Hearth host, as Zulip 7.0 means it', () => {
    const cache = registered(undefined);
    cache.applyEvents([event('realm_user', { op: 'remove', person: { user_id: bob.id } })]);
    expect(people(cache)).toEqual([
      ['Me', true],
      ['Bob', false],
      ['Carol', true],
    ]);
  });

  it('takes an update of new_email as the person’s new email, from a Hearth host too', () => {
    const cache = registered(undefined);
    cache.applyEvents([
      event('realm_user', {
        op: 'update',
        person: { user_id: bob.id, new_email: 'robert@hearth.test' },
      }),
    ]);
    const updated = cache.users().find((person) => person.user_id === bob.id);
    expect(updated?.email).toBe('robert@hearth.test');
    expect(updated).not.toHaveProperty('new_email');
  });

  it('leaves a channel deleted by stream_ids (Zulip 10) or by stream objects (7.0)', () => {
    const cache = registered(400);
    cache.applyEvents([event('stream', { op: 'delete', stream_ids: [2] })]);
    expect(channels(cache)).toEqual(['general']);
    const older = registered(undefined);
    older.applyEvents([
      event('stream', { op: 'delete', streams: [{ stream_id: 1, name: 'general' }] }),
    ]);
    expect(channels(older)).toEqual(['garden']);
  });

  it('keeps the hide_link_previews flag of a message (Zulip 12), as the reader sets and clears it', () => {
    const cache = registered(510);
    cache.applyEvents([messageEvent(streamMessage(40), ['hide_link_previews'])]);
    const flags = () => cache.messagesAmong({ kind: 'all' }, [40])[0]?.flags;
    expect(flags()).toContain('hide_link_previews');
    cache.applyEvents([
      event('update_message_flags', {
        op: 'remove',
        operation: 'remove',
        flag: 'hide_link_previews',
        messages: [40],
        all: false,
      }),
    ]);
    expect(flags()).not.toContain('hide_link_previews');
  });
});
