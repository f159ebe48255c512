import { TURN_BUDGET_MS } from '../turnBudget';

/**
 * Gives the event loop back once an export has held it for a turn's budget.
 * The exports administrators request run in the host's own thread, beside
 * its requests: in pieces this size, no request waits longer for one than
 * it would for a turn of other requests.
 */
export class ExportPace {
  readonly #budgetMs: number;
  #since = performance.now();

  constructor(budgetMs = TURN_BUDGET_MS) {
    this.#budgetMs = budgetMs;
  }

  /** Yields to the event loop if this piece has used its budget, else returns at once. */
  async step(): Promise<void> {
    if (performance.now() - this.#since < this.#budgetMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#since = performance.now();
  }
}
