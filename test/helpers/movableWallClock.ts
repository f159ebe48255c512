import type { SessionClock } from '../../src-main/client/session/sessionClock';

/**
 * The computer's clocks, with a wall clock a test moves: `move` jumps wall
 * time while monotonic time runs on unmoved, as a suspend on Linux or macOS
 * leaves them (forward), or a hand setting the clock (either way).
 */
export class MovableWallClock implements SessionClock {
  #offsetMs = 0;

  wallMs(): number {
    return Date.now() + this.#offsetMs;
  }

  monotonicMs(): number {
    return performance.now();
  }

  move(ms: number): void {
    this.#offsetMs += ms;
  }
}
