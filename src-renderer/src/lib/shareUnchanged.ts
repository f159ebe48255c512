const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `next`, with every part equal to the same part of `previous` replaced by
 * that part of `previous`. The main side sends a whole new snapshot on each
 * change; sharing what did not change means the window redraws only the
 * sidebar rows, counts and people that did.
 */
export function shareUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(next) && Array.isArray(previous)) {
    let same = previous.length === next.length;
    const shared = next.map((item: unknown, index) => {
      const kept = shareUnchanged(previous[index], item);
      if (kept !== previous[index]) same = false;
      return kept;
    });
    return (same ? previous : shared) as T;
  }
  if (isRecord(next) && isRecord(previous)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const shared: Record<string, unknown> = {};
    for (const key of keys) {
      const kept = shareUnchanged(previous[key], next[key]);
      if (!(key in previous) || kept !== previous[key]) same = false;
      shared[key] = kept;
    }
    return (same ? previous : shared) as T;
  }
  return next;
}
