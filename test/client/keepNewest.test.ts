import { describe, expect, it } from 'vitest';
import { keepNewest } from '../../src-main/client/keepNewest';

describe('keepNewest', () => {
  it('forgets the oldest entries of a set or a map beyond the limit', () => {
    const set = new Set([1, 2, 3, 4, 5]);
    keepNewest(set, 3);
    expect([...set]).toEqual([3, 4, 5]);
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    keepNewest(map, 2);
    expect([...map.keys()]).toEqual(['a', 'b']);
    keepNewest(map, 0);
    expect(map.size).toBe(0);
  });
});
