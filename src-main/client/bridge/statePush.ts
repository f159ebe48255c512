/**
 * A push of whole state to the window (the sidebar's snapshot, the badge and
 * the accounts) that nearly every event changes, often many at once.
 *
 * After a quiet moment a change goes at once, with the messages its batch of
 * events brought; the window takes it once they are painted. While events keep
 * coming, the state goes at most once per `gapMs`, riding with the next
 * message to the window rather than in a frame of its own: a frame drawn for
 * counts alone is one a new message that arrives just then must wait behind.
 * When no message comes, it goes alone `maxMs` after the last.
 */
export function statePush<T = void>(
  timing: { gapMs: number; maxMs: number },
  send: (latest: T) => void,
): { request(latest: T): void; ride(): void; stop(): void } {
  let latest: T;
  let pending = false;
  let queued = false;
  let stopped = false;
  let lastSent = -Infinity;
  let deadline: ReturnType<typeof setTimeout> | null = null;
  const flush = (): void => {
    queued = false;
    if (!pending || stopped) return;
    if (deadline !== null) clearTimeout(deadline);
    deadline = null;
    pending = false;
    lastSent = performance.now();
    send(latest);
  };
  // After the batch of events being handled, so that its last state goes.
  const flushSoon = (): void => {
    if (queued) return;
    queued = true;
    queueMicrotask(flush);
  };
  const gapPassed = (): boolean => performance.now() - lastSent >= timing.gapMs;
  return {
    request(state) {
      latest = state;
      pending = true;
      if (stopped) return;
      if (gapPassed()) return flushSoon();
      deadline ??= setTimeout(flush, lastSent + timing.maxMs - performance.now());
    },
    ride() {
      if (pending && !stopped && gapPassed()) flushSoon();
    },
    stop() {
      stopped = true;
      if (deadline !== null) clearTimeout(deadline);
      deadline = null;
    },
  };
}
