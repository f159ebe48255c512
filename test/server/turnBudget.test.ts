import { describe, expect, it } from 'vitest';
import { TurnBudget } from '../../src-main/server/turnBudget';

// Work that holds the event loop, as a request handler does.
function holdLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

// Resolves once `budget` has run `work`.
const ran = (budget: TurnBudget, work: () => void) =>
  new Promise<void>((resolve) =>
    budget.run(() => {
      work();
      resolve();
    }),
  );

const workNames = Array.from({ length: 10 }, (_, index) => `work ${index}`);

// Ten pieces of deferred work of 2 ms each, and a timer set after them: the
// order they all ran in, once the last has.
async function tenDeferredWorks(budget: TurnBudget): Promise<string[]> {
  const order: string[] = [];
  const works = workNames.map(
    (name) =>
      new Promise<void>((resolve) =>
        budget.defer(() => {
          holdLoop(2);
          order.push(name);
          resolve();
        }),
      ),
  );
  setTimeout(() => order.push('timer'), 0);
  await Promise.all(works);
  return order;
}

describe('the turn budget of request handlers', () => {
  it('runs a call at once while its turn has time', () => {
    const budget = new TurnBudget(50);
    let answered = false;
    budget.run(() => {
      answered = true;
    });
    expect(answered).toBe(true);
  });

  it('lets a timer run inside a burst that outlasts the budget, and keeps the order of arrival', async () => {
    const budget = new TurnBudget(5);
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const calls = Array.from({ length: 10 }, (_, index) =>
      ran(budget, () => {
        holdLoop(2);
        order.push(`call ${index}`);
      }),
    );

    expect(order[0]).toBe('call 0');
    expect(order).not.toContain('call 9');
    await Promise.all(calls);
    expect(order.filter((entry) => entry !== 'timer')).toEqual(
      calls.map((_, index) => `call ${index}`),
    );
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('call 0'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('call 9'));
  });

  it('puts a call that arrives while others wait behind them, even in a fresh turn', async () => {
    const budget = new TurnBudget(5);
    const order: string[] = [];
    budget.run(() => holdLoop(6));
    const waiting = [1, 2, 3, 4, 5].map((index) =>
      ran(budget, () => {
        holdLoop(3);
        order.push(`waiting ${index}`);
      }),
    );
    // After the first turn of waiting calls, and once that turn is over.
    const late = new Promise<void>((resolve) => {
      setTimeout(
        () => setImmediate(() => void ran(budget, () => order.push('late')).then(resolve)),
        0,
      );
    });

    await Promise.all([...waiting, late]);
    expect(order).toEqual([
      'waiting 1',
      'waiting 2',
      'waiting 3',
      'waiting 4',
      'waiting 5',
      'late',
    ]);
  });

  it('answers a waiting request in its own turn, ahead of the requests that arrived after it', async () => {
    // The listener routes a request under the budget, and the route's
    // handler passes its answer to the budget again.
    const budget = new TurnBudget(5);
    const order: string[] = [];
    budget.run(() => holdLoop(6));
    const requests = [1, 2, 3].map((index) =>
      ran(budget, () => {
        order.push(`routed ${index}`);
        budget.run(() => order.push(`answered ${index}`));
      }),
    );

    await Promise.all(requests);
    expect(order).toEqual([
      'routed 1',
      'answered 1',
      'routed 2',
      'answered 2',
      'routed 3',
      'answered 3',
    ]);
  });

  it('defers work to a later turn even with time left, without holding up requests', async () => {
    const budget = new TurnBudget(50);
    const order: string[] = [];
    const deferred = new Promise<void>((resolve) =>
      budget.defer(() => {
        order.push('deferred');
        resolve();
      }),
    );
    budget.run(() => order.push('request'));
    order.push('end of turn');

    await deferred;
    expect(order).toEqual(['request', 'end of turn', 'deferred']);
  });

  it('runs deferred work in order, a budget per turn, letting a timer run between', async () => {
    const budget = new TurnBudget(5);
    const order = await tenDeferredWorks(budget);
    expect(order.filter((entry) => entry !== 'timer')).toEqual(workNames);
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('work 0'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('work 9'));
  });

  it('gives deferred work a budget of its own, while requests keep theirs', async () => {
    // Ten pieces of 2 ms are four times the requests' 5 ms; deferred work's
    // 2 s holds them all even on a machine so loaded that a piece takes far
    // longer than its 2 ms.
    const budget = new TurnBudget(5, 2000);
    const order = await tenDeferredWorks(budget);
    expect(order.filter((entry) => entry !== 'timer')).toEqual(workNames);
    // No timer ran between the first and the last: they shared one turn.
    const timer = order.indexOf('timer');
    expect(timer < order.indexOf('work 0') || timer > order.indexOf('work 9')).toBe(true);

    // A request in the same turn as a long drain waits for the next.
    const late: string[] = [];
    await new Promise<void>((resolve) => {
      budget.defer(() => holdLoop(10));
      budget.defer(() => {
        budget.run(() => {
          late.push('request');
          resolve();
        });
        late.push('after the drain');
      });
    });
    expect(late).toEqual(['after the drain', 'request']);
  });
});
