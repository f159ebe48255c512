/** What one client's event queue must have brought, and what it did. */
export interface DeliveryCheck {
  expected: number;
  delivered: number;
  missing: number;
  duplicates: number;
  outOfOrder: number;
}

/**
 * Exactly once and in order: every message the client should see arrives
 * once, and message IDs arrive in increasing order (the order the server
 * handed them out, which is the order Zulip promises events in).
 */
export function checkDeliveries(
  expectedIds: ReadonlySet<number>,
  arrived: readonly number[],
): DeliveryCheck {
  const seen = new Set<number>();
  let duplicates = 0;
  let outOfOrder = 0;
  let previous = -Infinity;
  for (const id of arrived) {
    if (seen.has(id)) duplicates += 1;
    seen.add(id);
    if (id < previous) outOfOrder += 1;
    previous = Math.max(previous, id);
  }
  let missing = 0;
  for (const id of expectedIds) if (!seen.has(id)) missing += 1;
  return { expected: expectedIds.size, delivered: seen.size, missing, duplicates, outOfOrder };
}
