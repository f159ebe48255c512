import { describe, expect, it } from 'vitest';
import { TurnBudget } from '../../src-main/server/http/turnBudget';

// Work that holds the event loop, as a request handler does.
function holdLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('the turn budget of request handlers', () => {
  it('runs a call at once while its turn has time', () => {
    const budget = new TurnBudget(50);
    expect(budget.run(() => 'answered')).toBe('answered');
  });

  it('lets a timer run inside a burst that outlasts the budget, and keeps the order of arrival', async () => {
    const budget = new TurnBudget(5);
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const answers = Array.from({ length: 10 }, (_, index) =>
      budget.run(() => {
        holdLoop(2);
        order.push(`call ${index}`);
        return index;
      }),
    );

    expect(answers[0]).toBe(0);
    expect(answers[9]).toBeInstanceOf(Promise);
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const calls = order.filter((entry) => entry !== 'timer');
    expect(calls).toEqual(answers.map((_, index) => `call ${index}`));
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('call 0'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('call 9'));
  });

  it('puts a call that arrives while others wait behind them, even in a fresh turn', async () => {
    const budget = new TurnBudget(5);
    const order: string[] = [];
    budget.run(() => holdLoop(6));
    const waiting = [1, 2, 3, 4, 5].map((index) =>
      budget.run(() => {
        holdLoop(3);
        order.push(`waiting ${index}`);
      }),
    );
    // After the first turn of waiting calls, and once that turn is over.
    const late = new Promise((resolve) => {
      setTimeout(() => setImmediate(() => resolve(budget.run(() => order.push('late')))), 0);
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

  it('rejects a waiting call that throws, and still runs the calls after it', async () => {
    const budget = new TurnBudget(1);
    budget.run(() => holdLoop(2));
    const failing = budget.run(() => {
      throw new Error('refused');
    });
    const after = budget.run(() => 'still answered');

    await expect(failing).rejects.toThrow('refused');
    await expect(after).resolves.toBe('still answered');
  });
});
