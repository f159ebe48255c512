import { describe, expect, it } from 'vitest';
import { shareUnchanged } from '../../src-renderer/src/lib/shareUnchanged';

describe('a new snapshot sharing what did not change with the last', () => {
  const before = {
    streams: [
      { streamId: 1, name: 'garden', unread: 2 },
      { streamId: 2, name: 'kitchen', unread: 0 },
    ],
    users: [{ userId: 7, fullName: 'Bob' }],
    realmName: 'Office',
  };

  it('keeps the last parts where they are equal, and takes the new ones where not', () => {
    const next = structuredClone(before);
    next.streams[0] = { streamId: 1, name: 'garden', unread: 3 };
    const shared = shareUnchanged(before, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(before);
    expect(shared.users).toBe(before.users);
    expect(shared.streams).not.toBe(before.streams);
    expect(shared.streams[1]).toBe(before.streams[1]);
    expect(shared.streams[0]).not.toBe(before.streams[0]);
    expect(shared.streams[0]?.unread).toBe(3);
  });

  it('returns the last snapshot itself when nothing changed, and the new one after none', () => {
    expect(shareUnchanged(before, structuredClone(before))).toBe(before);
    const first = structuredClone(before);
    expect(shareUnchanged(null, first)).toBe(first);
  });

  it('sees added and removed entries and fields as changes', () => {
    const fewer = { ...structuredClone(before), streams: [structuredClone(before.streams[0])] };
    expect(shareUnchanged(before, fewer).streams).toHaveLength(1);
    const withoutName: Partial<typeof before> = structuredClone(before);
    delete withoutName.realmName;
    expect(shareUnchanged(before, withoutName)).not.toBe(before);
    expect(Object.keys(shareUnchanged(before, withoutName))).not.toContain('realmName');
  });
});
