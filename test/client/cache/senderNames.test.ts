import { describe, expect, it } from 'vitest';
import {
  bob,
  carol,
  event,
  freshCache,
  me,
  messageEvent,
  privateMessage,
  streamMessage,
} from './fixtures';

// Zulip's web app renames a user on the messages it holds when a realm_user
// update brings a new full name; the cache does the same for the window.
describe('a new full name in the cache', () => {
  it('renames the sender and the participant on the messages held, and no one else', () => {
    const cache = freshCache();
    cache.applyEvents([
      messageEvent(streamMessage(1, { sender: bob })),
      messageEvent(streamMessage(2, { sender: carol })),
      messageEvent(privateMessage(3, [me, bob], { sender: me })),
    ]);
    cache.applyEvents([
      event('realm_user', { op: 'update', person: { user_id: bob.id, full_name: 'Robert' } }),
    ]);
    const [first, second, third] = cache.messagesAmong({ kind: 'all' }, [1, 2, 3]);
    expect(first?.sender_full_name).toBe('Robert');
    expect(second?.sender_full_name).toBe('Carol');
    expect(third?.sender_full_name).toBe('Me');
    expect(third?.display_recipient).toEqual([
      { ...me, is_mirror_dummy: false },
      { ...bob, full_name: 'Robert', is_mirror_dummy: false },
    ]);
  });

  it('leaves the messages alone for an update of anything else', () => {
    const cache = freshCache();
    cache.applyEvents([messageEvent(streamMessage(1, { sender: bob }))]);
    cache.applyEvents([
      event('realm_user', { op: 'update', person: { user_id: bob.id, timezone: 'UTC' } }),
    ]);
    expect(cache.messagesAmong({ kind: 'all' }, [1])[0]?.sender_full_name).toBe('Bob');
  });
});
