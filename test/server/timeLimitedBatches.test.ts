import { describe, expect, it } from 'vitest';
import type { Later, Result } from '../../src-main/server/http/endpoint';
import {
  BATCH_TIME_LIMIT_MS,
  completed,
  partiallyCompleted,
  timeLimitedBatches,
} from '../../src-main/server/http/timeLimitedBatches';

// The batches of a request that works in parts (Zulip's delete_in_topic),
// under a clock the test moves: each batch "takes" the time it is given.

function batches(left: number, takesMs: number, failAt?: number) {
  let clock = 0;
  let done = 0;
  const batch = () => {
    if (done === failAt) throw new Error('the disk is full');
    if (left === 0) return false;
    left--;
    done++;
    clock += takesMs;
    return true;
  };
  return { batch, now: () => clock, done: () => done };
}

const answerOf = (result: Result | Later): Promise<Result> =>
  typeof result === 'function'
    ? new Promise((resolve, reject) =>
        result((late) => (late instanceof Error ? reject(late) : resolve(late))),
      )
    : Promise.resolve(result);

describe('batches under a time limit', () => {
  it('answers at once when the first batch finds nothing to do', () => {
    const work = batches(0, 1);
    expect(timeLimitedBatches(work.batch, { now: work.now })).toEqual({ complete: true });
  });

  it('goes on, a batch per turn, until nothing is left', async () => {
    const work = batches(7, 1_000);
    const result = timeLimitedBatches(work.batch, { now: work.now });
    expect(typeof result).toBe('function');
    expect(work.done()).toBe(1);
    expect(await answerOf(result)).toEqual(completed);
    expect(work.done()).toBe(7);
  });

  it('stops at the limit with work left and answers complete: false, as Zulip 8.0 and later', async () => {
    const work = batches(100, BATCH_TIME_LIMIT_MS / 4);
    expect(await answerOf(timeLimitedBatches(work.batch, { now: work.now }))).toEqual({
      complete: false,
    });
    expect(work.done()).toBe(4);
    expect(partiallyCompleted).toEqual({ complete: false });
  });

  it('refuses through the first batch, and keeps what later batches did when one fails', async () => {
    const first = batches(3, 1, 0);
    expect(() => timeLimitedBatches(first.batch, { now: first.now })).toThrow('the disk is full');
    const later = batches(5, 1, 2);
    expect(await answerOf(timeLimitedBatches(later.batch, { now: later.now }))).toEqual(
      partiallyCompleted,
    );
    expect(later.done()).toBe(2);
  });
});
