import type { Org, TestUser } from './org';

/** Registers a queue for the user, as a client does, and answers its ID. */
export async function registerQueue(
  org: Org,
  user: TestUser,
  params: Record<string, unknown> = {},
): Promise<string> {
  return (await org.api(user)('POST', '/register', params)).json.queue_id as string;
}

/** Every event the queue holds so far, without waiting for more. */
export async function queuedEvents(
  org: Org,
  user: TestUser,
  queueId: string,
): Promise<Record<string, unknown>[]> {
  const params = { queue_id: queueId, last_event_id: -1, dont_block: true };
  return (await org.api(user)('GET', '/events', params)).json.events as Record<string, unknown>[];
}
