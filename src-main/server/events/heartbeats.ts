interface Due<T> {
  item: T;
  deadline: number;
}

/**
 * The heartbeat deadlines of every waiting poll, on one timer. All waits last
 * the same time, so deadlines come in the order waits start: the timer is set
 * for the oldest, and each firing answers that one and any others already due.
 */
export class HeartbeatClock<T> {
  // A Map keeps insertion order; starting a wait again moves it to the end.
  private readonly due = new Map<T, Due<T>>();
  private timer: NodeJS.Timeout | undefined;
  private timedFor: Due<T> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly beat: (items: T[]) => void,
  ) {}

  /** Starts (or restarts) the wait of `item`; one that has stopped waiting by then is skipped by `beat`. */
  start(item: T): void {
    const entry = { item, deadline: performance.now() + this.intervalMs };
    this.due.delete(item);
    this.due.set(item, entry);
    if (!this.timer) this.schedule(entry);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due.clear();
  }

  private schedule(entry: Due<T>): void {
    this.timedFor = entry;
    this.timer = setTimeout(() => this.fire(), Math.max(0, entry.deadline - performance.now()));
  }

  private fire(): void {
    this.timer = undefined;
    // Timers may fire a millisecond early; the one this timer was set for is due whatever the clock says.
    const now = performance.now() + 1;
    const expired: T[] = [];
    for (const entry of this.due.values()) {
      if (entry !== this.timedFor && entry.deadline > now) break;
      expired.push(entry.item);
      this.due.delete(entry.item);
    }
    const next = this.due.values().next();
    if (!next.done) this.schedule(next.value);
    if (expired.length > 0) this.beat(expired);
  }
}
