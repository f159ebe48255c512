/** Time for a few hundred polls, and a fifth of the longest stall allowed (50 ms). */
export const TURN_BUDGET_MS = 10;
/**
 * Deferred work's share of a turn: the answers one message wakes, a thousand
 * of them, in one turn as a bare server gives them, rather than the last
 * fifth waiting a turn behind the polls the first ones brought back.
 */
export const DEFERRED_BUDGET_MS = 25;

/**
 * Bounds the time request handlers, and the answers a delivery wakes, take in
 * one turn of the event loop. When a thousand clients poll at once (after a
 * restart, or all answered by one message), Node reads every request that has
 * arrived in one go, and timers, acknowledgements and answers would all wait
 * behind the whole burst. Once a turn has used its budget, later calls wait
 * for the next turns, in order of arrival.
 */
export class TurnBudget {
  private turnStart: number | undefined;
  // A request that has its turn is read, routed and answered in it: what its
  // handler passes to `run` again is part of the same call, not a new arrival.
  private inRequest = false;
  private readonly waiting: (() => void)[] = [];
  private readonly deferred: (() => void)[] = [];

  constructor(
    private readonly budgetMs: number,
    private readonly deferredBudgetMs = budgetMs,
  ) {}

  /**
   * Runs `work` now if this turn has time left and no call waits; else in a
   * later turn. `work` answers its request itself, refusals included, so it
   * never throws: there is nobody to hand an error to once it has waited.
   */
  run(work: () => void): void {
    if (this.inRequest) {
      work();
      return;
    }
    if (this.waiting.length === 0 && this.hasTime(this.budgetMs)) {
      this.runRequest(work);
      return;
    }
    this.enqueue(this.waiting, work);
  }

  private runRequest(work: () => void): void {
    this.inRequest = true;
    try {
      work();
    } finally {
      this.inRequest = false;
    }
  }

  /**
   * Runs `work` from the next turn on, after the work deferred before it.
   * Deferred work has a queue of its own, drained by a timer, so in each turn
   * it reaches it runs before the requests that turn reads: requests never
   * wait behind it (at a few hundred sends a second, each waking its readers'
   * polls, they would always be waiting), yet the answers it gives go out
   * before the polls they bring back.
   */
  defer(work: () => void): void {
    this.enqueue(this.deferred, work);
  }

  private enqueue(queue: (() => void)[], work: () => void): void {
    queue.push(work);
    if (queue.length === 1) this.drainNextTurn(queue);
  }

  private budgetOf(queue: (() => void)[]): number {
    return queue === this.deferred ? this.deferredBudgetMs : this.budgetMs;
  }

  // A turn ends with the loop's check phase, so the requests read in the
  // same turn after a drain share what the drain left of the budget.
  private hasTime(budgetMs: number): boolean {
    const now = performance.now();
    if (this.turnStart === undefined) {
      this.turnStart = now;
      setImmediate(() => {
        this.turnStart = undefined;
      });
    }
    return now - this.turnStart < budgetMs;
  }

  // A timer, not an immediate: an immediate set now would still run in this
  // turn, before the loop had looked at its timers.
  private drainNextTurn(queue: (() => void)[]): void {
    setTimeout(() => this.drain(queue), 0);
  }

  private drain(queue: (() => void)[]): void {
    const budgetMs = this.budgetOf(queue);
    while (this.hasTime(budgetMs)) {
      const next = queue.shift();
      if (!next) return;
      if (queue === this.waiting) this.runRequest(next);
      else next();
    }
    if (queue.length > 0) this.drainNextTurn(queue);
  }
}
