/**
 * A push of whole state to the window (the sidebar's snapshot, the badge and
 * the accounts) that nearly every event changes, often many at once. It goes
 * once per `afterMs` at most, read when it goes: the window draws a new
 * message in the frame it comes, and the counts that go with it once, just
 * after, rather than after each event of a burst.
 */
export function statePush(afterMs: number, send: () => void): { request(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = null;
        send();
      }, afterMs);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
