import type { Clock } from '../../src-main/server/clock';

/** A clock a test moves by hand: timers fire when `advance` passes their time. */
export class ManualClock implements Clock {
  private timers = new Set<{ atMs: number; fire: () => void }>();

  constructor(private nowMs: number = Date.UTC(2026, 2, 27, 8, 0, 0)) {}

  now(): number {
    return this.nowMs;
  }

  at(atMs: number, fire: () => void): () => void {
    const timer = { atMs, fire };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Moves time on, firing each timer due by then, soonest first (and those they set). */
  advance(ms: number): void {
    const until = this.nowMs + ms;
    for (;;) {
      const due = [...this.timers]
        .filter((timer) => timer.atMs <= until)
        .sort((a, b) => a.atMs - b.atMs)[0];
      if (!due) break;
      this.timers.delete(due);
      this.nowMs = Math.max(this.nowMs, due.atMs);
      due.fire();
    }
    this.nowMs = until;
  }

  /** Seconds since the epoch, as Zulip's timestamps count. */
  seconds(): number {
    return Math.floor(this.nowMs / 1000);
  }
}
