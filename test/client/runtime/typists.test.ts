import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Typists, typingExpiryMs } from '../../../src-main/client/runtime/typists';

const names: Record<number, string> = { 1: 'Alice', 2: 'Bob', 3: 'Carol' };
let changes = 0;
let typists: Typists;

const event = (op: 'start' | 'stop', sender: number, where: Record<string, unknown>) => ({
  id: 1,
  type: 'typing',
  op,
  sender: { user_id: sender, email: `${names[sender]}@example.com` },
  ...where,
});
const named = (...userIds: number[]) => userIds.map((userId) => ({ userId, name: names[userId] }));
const garden = { message_type: 'stream', stream_id: 5, topic: 'Tomatoes' };
const withAlice = (...others: number[]) => ({
  message_type: 'private',
  recipients: [1, ...others].map((id) => ({ user_id: id, email: `${names[id]}@example.com` })),
});

beforeEach(() => {
  vi.useFakeTimers();
  changes = 0;
  typists = new Typists({
    ownUserId: () => 1,
    nameOf: (userId) => names[userId] ?? 'Someone',
    onChange: () => (changes += 1),
  });
});
afterEach(() => vi.useRealTimers());

describe('who is typing', () => {
  it('lists typists by conversation until they stop', () => {
    typists.receive(event('start', 2, garden));
    typists.receive(event('start', 3, { ...garden, topic: 'tomatoes' }));
    typists.receive(event('start', 2, withAlice(2)));
    expect(typists.conversations()).toEqual([
      { narrow: { kind: 'stream', streamId: 5, topic: 'Tomatoes' }, typists: named(2, 3) },
      { narrow: { kind: 'private', userIds: [2] }, typists: named(2) },
    ]);
    typists.receive(event('stop', 2, garden));
    typists.receive(event('stop', 2, withAlice(2)));
    expect(typists.conversations()).toEqual([
      { narrow: { kind: 'stream', streamId: 5, topic: 'Tomatoes' }, typists: named(3) },
    ]);
    expect(changes).toBe(5);
  });

  it('hears a direct conversation as Zulip 8 names it, "direct" rather than "private"', () => {
    typists.receive(event('start', 3, { ...withAlice(3), message_type: 'direct' }));
    expect(typists.conversations()).toEqual([
      { narrow: { kind: 'private', userIds: [3] }, typists: named(3) },
    ]);
  });

  it('forgets a typist not heard from for fifteen seconds, each "start" renewing the time', () => {
    typists.receive(event('start', 2, withAlice(2, 3)));
    vi.advanceTimersByTime(typingExpiryMs - 1000);
    typists.receive(event('start', 2, withAlice(3, 2)));
    vi.advanceTimersByTime(typingExpiryMs - 1);
    expect(typists.conversations()).toEqual([
      { narrow: { kind: 'private', userIds: [2, 3] }, typists: named(2) },
    ]);
    vi.advanceTimersByTime(1);
    expect(typists.conversations()).toEqual([]);
  });

  it('ignores the user’s own typing and events it cannot read, and forgets everyone when cleared', () => {
    typists.receive(event('start', 1, garden));
    typists.receive({ id: 2, type: 'typing', op: 'start' });
    expect(changes).toBe(0);
    typists.receive(event('start', 3, garden));
    typists.clear();
    expect(typists.conversations()).toEqual([]);
    vi.advanceTimersByTime(typingExpiryMs);
    expect(changes).toBe(2);
  });
});
