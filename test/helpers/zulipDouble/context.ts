import type { Org } from './org';
import type { Event, Queue, Queues } from './queues';

/** What every action works with: the organization, its queues and the clock. */
export interface Context {
  org: Org;
  queues: Queues;
  now(): number;
}

/**
 * Sends an event to every queue of the users; `shape` makes it for one queue,
 * since capabilities change an event's form, and may send none.
 */
export function emit(
  context: Context,
  userIds: Iterable<number>,
  shape: (queue: Queue) => Event | null,
): void {
  for (const queue of context.queues.of(userIds)) {
    const event = shape(queue);
    if (event) context.queues.push(queue, event);
  }
}
