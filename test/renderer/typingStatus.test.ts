import './englishWindow';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Destination } from '../../src-preload/bridge';
import { TypingStatus, typingIdleMs } from '../../src-renderer/src/lib/typingStatus';
import { typingNotice } from '../../src-renderer/src/lib/typingNotice';

const tomatoes: Destination = { kind: 'stream', streamId: 5, topic: 'tomatoes' };
const beans: Destination = { kind: 'stream', streamId: 5, topic: 'beans' };

describe('what the user’s typing tells the others', () => {
  let sent: string[];
  let status: TypingStatus;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    status = new TypingStatus(
      (to, op) => sent.push(`${op} ${to.kind === 'stream' ? to.topic : to.userIds.join(',')}`),
      () => Date.now(),
    );
  });
  afterEach(() => vi.useRealTimers());

  it('says "start" once while typing goes on, again every ten seconds, and "stop" after a pause', () => {
    status.typed(tomatoes, 'R');
    vi.advanceTimersByTime(1000);
    status.typed(tomatoes, 'Re');
    expect(sent).toEqual(['start tomatoes']);
    for (let second = 0; second < 10; second++) {
      vi.advanceTimersByTime(1000);
      status.typed(tomatoes, 'Red');
    }
    expect(sent).toEqual(['start tomatoes', 'start tomatoes']);
    vi.advanceTimersByTime(typingIdleMs - 1);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['start tomatoes', 'start tomatoes', 'stop tomatoes']);
  });

  it('stops when the box is emptied, when the message is sent, and when the conversation changes', () => {
    status.typed(tomatoes, 'Red');
    status.typed(tomatoes, '');
    status.typed(tomatoes, 'Green');
    status.stopped();
    status.typed(tomatoes, 'Yellow');
    status.typed(beans, 'Yellow');
    status.typed({ kind: 'private', userIds: [7, 3] }, 'Yellow');
    expect(sent).toEqual([
      'start tomatoes',
      'stop tomatoes',
      'start tomatoes',
      'stop tomatoes',
      'start tomatoes',
      'stop tomatoes',
      'start beans',
      'stop beans',
      'start 7,3',
    ]);
    status.stopped();
    status.stopped();
    expect(sent.at(-1)).toBe('stop 7,3');
    expect(sent).toHaveLength(10);
  });

  it('says nothing for a message with no destination yet', () => {
    status.typed(null, 'Hello');
    vi.advanceTimersByTime(typingIdleMs);
    expect(sent).toEqual([]);
  });
});

describe('the typing notice', () => {
  const garden = { kind: 'stream' as const, streamId: 5 };
  const [bob, carol, dan] = [
    { userId: 2, name: 'Bob' },
    { userId: 3, name: 'Carol' },
    { userId: 7, name: 'Dan' },
  ];
  const typing = [
    { narrow: { kind: 'stream' as const, streamId: 5, topic: 'Tomatoes' }, typists: [bob] },
    { narrow: { kind: 'stream' as const, streamId: 5, topic: 'beans' }, typists: [carol, bob] },
    { narrow: { kind: 'private' as const, userIds: [3, 7] }, typists: [dan] },
  ];
  const asGiven = (_userId: number, name: string) => name;
  const notice = (narrow: Parameters<typeof typingNotice>[1]) =>
    typingNotice(typing, narrow, asGiven);

  it('names who types in the conversation shown, and in any topic of a stream shown', () => {
    expect(notice({ ...garden, topic: 'tomatoes' })).toBe('Bob is typing…');
    expect(notice(garden)).toBe('Bob and Carol are typing…');
    expect(notice({ kind: 'private', userIds: [7, 3] })).toBe('Dan is typing…');
    expect(notice({ kind: 'private', userIds: [7] })).toBeNull();
    expect(notice({ kind: 'all' })).toBeNull();
  });

  it('names each typist as the window does, two muted people as two', () => {
    const mutedUser = (userId: number, name: string) => (userId === 7 ? name : 'Muted user');
    expect(typingNotice(typing, { ...garden, topic: 'beans' }, mutedUser)).toBe(
      'Muted user and Muted user are typing…',
    );
  });

  it('says "several people" from three', () => {
    const three = [{ narrow: { ...garden, topic: 'x' }, typists: [bob, carol, dan] }];
    expect(typingNotice(three, garden, asGiven)).toBe('Several people are typing…');
  });
});
