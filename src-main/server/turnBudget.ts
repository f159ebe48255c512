/** Time for a few hundred polls, and a fifth of the longest stall allowed (50 ms). */
export const TURN_BUDGET_MS = 10;

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
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly budgetMs: number) {}

  /**
   * Runs `work` now if this turn has time left and no call waits; else in a
   * later turn. `work` answers its request itself, refusals included, so it
   * never throws: there is nobody to hand an error to once it has waited.
   */
  run(work: () => void): void {
    if (this.waiting.length === 0 && this.hasTime()) {
      work();
      return;
    }
    this.defer(work);
  }

  /** Runs `work` in a later turn, after every call already waiting. */
  defer(work: () => void): void {
    this.waiting.push(work);
    if (this.waiting.length === 1) this.drainNextTurn();
  }

  // A turn ends with the loop's check phase, so the requests read in the
  // same turn after a drain share what the drain left of the budget.
  private hasTime(): boolean {
    const now = performance.now();
    if (this.turnStart === undefined) {
      this.turnStart = now;
      setImmediate(() => {
        this.turnStart = undefined;
      });
    }
    return now - this.turnStart < this.budgetMs;
  }

  // A timer, not an immediate: an immediate set now would still run in this
  // turn, before the loop had looked at its timers.
  private drainNextTurn(): void {
    setTimeout(() => this.drain(), 0);
  }

  private drain(): void {
    while (this.hasTime()) {
      const next = this.waiting.shift();
      if (!next) return;
      next();
    }
    if (this.waiting.length > 0) this.drainNextTurn();
  }
}
