/**
 * The time the host has been running, by which a queue left unpolled ages:
 * monotonic, so that moving the wall clock ages nothing, less the stretches
 * the host did not run at all (the computer asleep, the process stopped).
 * No client can poll a host that sleeps, so that time is not held against
 * its queue. The host's own timer notices such a stretch by firing late.
 */
export class AwakeTime {
  #slept = 0;
  #lastTick: number;

  constructor(
    /** How often `tick` is called. */
    private readonly tickMs: number,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {
    this.#lastTick = monotonicMs();
  }

  /**
   * Called by a timer every `tickMs`: a tick later than a whole interval
   * more means the host did not run meanwhile, and that time is not counted.
   */
  tick(): void {
    const at = this.monotonicMs();
    const late = at - this.#lastTick - this.tickMs;
    if (late > this.tickMs) this.#slept += late;
    this.#lastTick = at;
  }

  nowMs(): number {
    return this.monotonicMs() - this.#slept;
  }
}
