import { systemSessionClock, type SessionClock } from './sessionClock';

export interface WakeWatchOptions {
  /** How often the watch looks at the clocks. */
  intervalMs: number;
  /** A look this much later than scheduled, by either clock, means the computer slept. */
  lateByMs: number;
  onWake: (sleptMs: number) => void;
  clock?: SessionClock;
}

/**
 * Notices that the computer slept. Long-polls held across a sleep may never
 * answer, and the server may have dropped the queue meanwhile, so the
 * session checks at once instead of waiting for its own time-outs.
 *
 * A sleep shows in one of two ways. Where the monotonic clock counts it (a
 * stopped process, a system whose clock runs on in suspend), the timer
 * fires late. Where it stands still (Linux and macOS suspend), the timer
 * fires on time and only the wall clock has moved on. A wall clock set
 * forward by hand looks the same as the second and is taken for a sleep
 * too: the check it costs is one request. A wall clock set back is no sleep.
 */
export function watchForWake({
  intervalMs,
  lateByMs,
  onWake,
  clock = systemSessionClock,
}: WakeWatchOptions): () => void {
  let last = { wall: clock.wallMs(), monotonic: clock.monotonicMs() };
  const timer = setInterval(() => {
    const now = { wall: clock.wallMs(), monotonic: clock.monotonicMs() };
    const ran = now.monotonic - last.monotonic;
    const stalled = ran - intervalMs;
    const unseen = now.wall - last.wall - ran;
    last = now;
    const slept = Math.max(stalled, unseen);
    if (slept > lateByMs) onWake(slept);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
