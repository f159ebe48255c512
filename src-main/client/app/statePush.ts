/**
 * A push of whole state to the window (the sidebar's snapshot, the badge and
 * the accounts) that nearly every event changes, often many at once. It goes
 * once per `afterMs` at most, with the latest state asked for: the window
 * draws a new message in the frame it comes, and the counts that go with it
 * once, just after, rather than after each event of a burst.
 */
export function statePush<T = void>(
  afterMs: number,
  send: (latest: T) => void,
): { request(latest: T): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: T;
  return {
    request(state) {
      latest = state;
      timer ??= setTimeout(() => {
        timer = null;
        send(latest);
      }, afterMs);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
