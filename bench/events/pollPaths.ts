import type { PollerSpec } from './pollers';

/** A polling client: the user it signs in as and the queue it reads. */
export interface PollingClient {
  authorization: string;
  queueId: string;
}

/** GET /events on each client's queue, signed in as its user. */
export function hostPolls(clients: readonly PollingClient[]): PollerSpec[] {
  return clients.map(({ authorization, queueId }) => ({
    authorization,
    lastEventId: -1,
    pathFor: (lastEventId) =>
      `/api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=${lastEventId}`,
  }));
}

/** The same clients on the bare long-poll server, which signs nobody in. */
export function barePolls(clients: readonly PollingClient[]): PollerSpec[] {
  return clients.map(({ queueId }) => ({
    lastEventId: -1,
    pathFor: (lastEventId) =>
      `/poll?queue_id=${encodeURIComponent(queueId)}&last_event_id=${lastEventId}`,
  }));
}
