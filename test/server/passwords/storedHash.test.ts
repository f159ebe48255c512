import { describe, expect, it } from 'vitest';
import { owaspCost, remainderOf, workOf } from '../../../src-main/server/passwords/storedHash';

describe('the work left after checking a weaker hash', () => {
  it.each([
    [
      { ln: 14, r: 8, p: 1 },
      { ln: 17, r: 7, p: 1 },
    ],
    [
      { ln: 16, r: 8, p: 1 },
      { ln: 17, r: 4, p: 1 },
    ],
    [
      { ln: 17, r: 4, p: 1 },
      { ln: 17, r: 4, p: 1 },
    ],
    [
      { ln: 15, r: 8, p: 2 },
      { ln: 17, r: 4, p: 1 },
    ],
    [
      { ln: 18, r: 2, p: 1 },
      { ln: 17, r: 4, p: 1 },
    ],
  ])('after %o is %o, which brings the work to OWASP’s', (cost, remainder) => {
    expect(remainderOf(cost, owaspCost)).toEqual(remainder);
    expect(workOf(cost) + workOf(remainder)).toBe(workOf(owaspCost));
  });

  it('comes within half a block of the work for a cost Hearth never wrote, and within its memory', () => {
    const odd = { ln: 3, r: 5, p: 3 };
    const remainder = remainderOf(odd, owaspCost) ?? owaspCost;
    expect(remainder.ln).toBe(owaspCost.ln);
    expect(remainder.r).toBeLessThanOrEqual(owaspCost.r);
    const short = workOf(owaspCost) - workOf(odd) - workOf(remainder);
    expect(Math.abs(short)).toBeLessThanOrEqual(2 ** owaspCost.ln / 2);
  });

  it.each([owaspCost, { ln: 18, r: 8, p: 1 }, { ln: 17, r: 8, p: 2 }])(
    'is nothing after %o, which takes as much or more',
    (cost) => {
      expect(remainderOf(cost, owaspCost)).toBeNull();
    },
  );
});
