import type { Later, Result } from './endpoint';

/** Zulip's limit on a request that works in batches (delete_in_topic, mark_all_as_read). */
export const BATCH_TIME_LIMIT_MS = 50_000;

/**
 * Zulip's answers since 8.0 (feature level 211), which replaced 7.0's
 * `"result": "partially_completed"`: a plain success that says whether the
 * work is done, and asks the client to repeat the request while it is not.
 */
export const completed: Result = { complete: true };
export const partiallyCompleted: Result = { complete: false };

export interface BatchTiming {
  limitMs?: number;
  /** Milliseconds on a monotonic clock. */
  now?: () => number;
}

/**
 * Runs `batch` (which answers whether it did anything, so that more may be
 * left) until it does nothing, one batch per turn of the event loop, so the
 * host answers other requests between them. The first batch runs at once,
 * so a refusal or failure there is the request's answer; once the time limit
 * has passed, or a later batch fails, the answer is `partiallyCompleted`:
 * what was done stays done, and the request repeated either finishes or
 * meets the failure in its own first batch.
 */
export function timeLimitedBatches(batch: () => boolean, timing: BatchTiming = {}): Result | Later {
  const { limitMs = BATCH_TIME_LIMIT_MS, now = () => performance.now() } = timing;
  const deadline = now() + limitMs;
  if (!batch()) return completed;
  return (send) => {
    const next = (): void => {
      if (now() >= deadline) {
        send(partiallyCompleted);
        return;
      }
      let more: boolean;
      try {
        more = batch();
      } catch {
        send(partiallyCompleted);
        return;
      }
      if (more) setImmediate(next);
      else send(completed);
    };
    setImmediate(next);
  };
}
