export interface WakeWatchOptions {
  /** How often the watch looks at the clock. */
  intervalMs: number;
  /** A tick this much later than scheduled means the process was suspended. */
  lateByMs: number;
  onWake: (sleptMs: number) => void;
}

/**
 * Notices that the computer slept: a timer that fires far later than it was
 * scheduled. Long-polls held across a sleep may never answer, and the server
 * may have dropped the queue meanwhile, so the session checks at once instead
 * of waiting for its own time-outs.
 */
export function watchForWake({ intervalMs, lateByMs, onWake }: WakeWatchOptions): () => void {
  let expected = Date.now() + intervalMs;
  const timer = setInterval(() => {
    const now = Date.now();
    const late = now - expected;
    expected = now + intervalMs;
    if (late > lateByMs) onWake(late);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
