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

// A timer counts the time the process runs, not the wall clock: after a
// computer's sleep, or the clock set forward past a scheduled message's time,
// one set for the whole wait would fire hours late. Looking at the wall clock
// this often costs a timer a few seconds, and only while something waits.
const LOOK_EVERY_MS = 5_000;

export const systemClock: Clock = {
  now: () => Date.now(),
  at: (atMs, fire) => {
    let timer: NodeJS.Timeout;
    const arm = () => {
      timer = setTimeout(look, Math.max(0, Math.min(atMs - Date.now(), LOOK_EVERY_MS)));
      // A pending delivery must not keep a closing process alive.
      timer.unref();
    };
    const look = () => (Date.now() >= atMs ? fire() : arm());
    arm();
    return () => clearTimeout(timer);
  },
};
