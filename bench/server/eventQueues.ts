import { HttpConnection } from './httpConnection';
import type { Credentials } from './credentials';

interface Queue {
  connection: HttpConnection;
  queueId: string;
  lastEventId: number;
  busy: boolean;
}

/**
 * An event queue for messages per client, as every Zulip client registers, so
 * that each send renders and delivers its events. Each queue is read once a
 * second without blocking, which keeps the queues short without adding a
 * long-poll answer per message.
 */
export class MessageQueues {
  delivered = 0;
  failure: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  private constructor(private readonly queues: Queue[]) {}

  static async register(url: string, users: readonly Credentials[]): Promise<MessageQueues> {
    const queues = await Promise.all(
      users.map(async (user) => {
        const connection = await HttpConnection.open(url, user.authorization);
        const response = await connection.request({
          method: 'POST',
          path: '/api/v1/register',
          body: new URLSearchParams({ event_types: '["message"]' }).toString(),
        });
        if (response.status !== 200) throw new Error(`register failed: ${response.body}`);
        const body = JSON.parse(response.body) as { queue_id: string; last_event_id: number };
        return { connection, queueId: body.queue_id, lastEventId: body.last_event_id, busy: false };
      }),
    );
    return new MessageQueues(queues);
  }

  startReading(): void {
    let next = 0;
    // Spread over the second, so that the reads never arrive as a burst.
    this.timer = setInterval(
      () => {
        const queue = this.queues[next++ % this.queues.length];
        if (queue && !queue.busy) {
          this.read(queue).catch((error: unknown) => (this.failure ??= String(error)));
        }
      },
      Math.max(1, Math.floor(1000 / this.queues.length)),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const queue of this.queues) {
      while (queue.busy) await new Promise((resolve) => setTimeout(resolve, 5));
      await this.read(queue);
      await queue.connection.request({
        method: 'DELETE',
        path: `/api/v1/events?queue_id=${encodeURIComponent(queue.queueId)}`,
      });
      queue.connection.close();
    }
  }

  private async read(queue: Queue): Promise<void> {
    const query = new URLSearchParams({
      queue_id: queue.queueId,
      last_event_id: String(queue.lastEventId),
      dont_block: 'true',
    });
    queue.busy = true;
    const response = await queue.connection
      .request({ method: 'GET', path: `/api/v1/events?${query}` })
      .finally(() => (queue.busy = false));
    if (response.status !== 200) throw new Error(`reading events failed: ${response.body}`);
    const { events } = JSON.parse(response.body) as { events: { id: number; type: string }[] };
    for (const event of events) {
      queue.lastEventId = Math.max(queue.lastEventId, event.id);
      if (event.type === 'message') this.delivered += 1;
    }
  }
}
