import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../../src-main/server/passwords/semaphore';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a semaphore', () => {
  const started: number[] = [];
  const finish = new Map<number, (failed?: boolean) => void>();
  const slots = new Semaphore(2);
  const work = (n: number) =>
    slots.run(
      () =>
        new Promise<number>((resolve, reject) => {
          started.push(n);
          finish.set(n, (failed) => (failed ? reject(new Error(`work ${n} failed`)) : resolve(n)));
        }),
    );

  it('runs two at once, and starts the others in the order they came, a failure freeing its slot too', async () => {
    const outcomes = Promise.allSettled([0, 1, 2, 3].map(work));
    await settle();
    expect(started).toEqual([0, 1]);

    finish.get(1)?.();
    // Work that comes later waits behind the work already waiting.
    const late = work(4);
    await settle();
    expect(started).toEqual([0, 1, 2]);

    finish.get(0)?.(true);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const n of [2, 3]) finish.get(n)?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish.get(4)?.();

    expect(await outcomes).toEqual([
      { status: 'rejected', reason: new Error('work 0 failed') },
      { status: 'fulfilled', value: 1 },
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 3 },
    ]);
    expect(await late).toBe(4);
  });
});
