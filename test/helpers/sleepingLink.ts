/**
 * The network of a computer that sleeps, for a test that cannot put the
 * computer to sleep. `sleep` drops every connection, so the servers see
 * them close, and from then on no request is answered, neither those in
 * flight nor new ones: only its caller's own signal ends one, as only the
 * client's time limit or its check at wake ends a poll held across a sleep.
 * `wake` lets new requests through again.
 */
export function sleepingLink() {
  let asleep = false;
  const inFlight = new Set<AbortController>();
  const unanswered = (signal: AbortSignal | null | undefined) =>
    new Promise<Response>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  const through: typeof fetch = async (input, init) => {
    if (asleep) return unanswered(init?.signal);
    const dropped = new AbortController();
    inFlight.add(dropped);
    const signal = init?.signal ? AbortSignal.any([init.signal, dropped.signal]) : dropped.signal;
    try {
      return await fetch(input, { ...init, signal });
    } catch (error) {
      if (dropped.signal.aborted) return unanswered(init?.signal);
      throw error;
    } finally {
      inFlight.delete(dropped);
    }
  };
  return {
    fetch: through,
    sleep(): void {
      asleep = true;
      for (const request of inFlight) request.abort();
    },
    wake(): void {
      asleep = false;
    },
  };
}
