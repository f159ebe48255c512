/**
 * The two clocks a session reads, so that a test can hand it clocks of its
 * own: moving the wall clock by hours, or sleeping the computer, is not
 * something a test can do to the machine it runs on.
 */
export interface SessionClock {
  /** Epoch ms, as the computer's clock reads: what is shown and stored. */
  wallMs(): number;
  /**
   * Ms on a clock nobody sets, which Node's timers also run by. On Linux and
   * macOS it stands still while the computer sleeps.
   */
  monotonicMs(): number;
}

export const systemSessionClock: SessionClock = {
  wallMs: () => Date.now(),
  monotonicMs: () => performance.now(),
};
