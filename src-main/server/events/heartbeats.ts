// A beat comes at most this fraction of an interval late.
const LOOKS_PER_INTERVAL = 8;

/**
 * The heartbeat deadlines of every waiting poll, looked over a few times per
 * interval. Starting a wait again overwrites its deadline in place: an entry
 * object per wait, and the map rehashing as waits moved to its end, lived
 * from one poll to the next, long enough to be promoted, and at a thousand
 * polls a second filled the old generation until a full collection landed on
 * a delivery.
 */
export class HeartbeatClock<T> {
  /** Whole milliseconds of performance.now(), so that updating one stores a small integer. */
  private readonly deadlines = new Map<T, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly lookMs: number;

  constructor(
    private readonly intervalMs: number,
    private readonly beat: (items: T[]) => void,
  ) {
    this.lookMs = Math.max(1, Math.ceil(intervalMs / LOOKS_PER_INTERVAL));
  }

  /** Starts (or restarts) the wait of `item`; one that has stopped waiting by then is skipped by `beat`. */
  start(item: T): void {
    this.deadlines.set(item, Math.ceil(performance.now()) + this.intervalMs);
    this.timer ??= setTimeout(() => this.look(), this.lookMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.deadlines.clear();
  }

  private look(): void {
    this.timer = undefined;
    // Timers may fire a millisecond early.
    const now = performance.now() + 1;
    const expired: T[] = [];
    this.deadlines.forEach((deadline, item) => {
      if (deadline <= now) expired.push(item);
    });
    for (const item of expired) this.deadlines.delete(item);
    if (this.deadlines.size > 0) this.timer = setTimeout(() => this.look(), this.lookMs);
    if (expired.length > 0) this.beat(expired);
  }
}
