export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const defaultBackoff: Backoff = { initialMs: 1_000, maxMs: 60_000 };

/** Delay before retry number `attempt` (0-based): doubling, capped, with jitter so clients don't retry in lockstep. */
export const backoffDelay = ({ initialMs, maxMs }: Backoff, attempt: number): number => {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
};
