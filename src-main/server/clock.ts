/**
 * The host's sense of time where it acts on its own (scheduled messages):
 * tests drive a clock of their own, so nothing waits on the wall clock.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fire` once `now()` reaches `atMs`; the answer cancels it. */
  at(atMs: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  at: (atMs, fire) => {
    const timer = setTimeout(fire, Math.max(0, atMs - Date.now()));
    // A pending delivery must not keep a closing process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
