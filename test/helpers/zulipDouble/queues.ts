import { randomUUID } from 'node:crypto';
import { badEventQueue } from './errors';

export type Event = { type: string } & Record<string, unknown>;
export type QueuedEvent = Event & { id: number };

/** The register capabilities that change what the double sends. */
export interface Capabilities {
  notification_settings_null: boolean;
  bulk_message_deletion: boolean;
  user_settings_object: boolean;
  empty_topic_name: boolean;
  archived_channels: boolean;
  user_list_incomplete: boolean;
  simplified_presence_events: boolean;
  include_deactivated_groups: boolean;
  linkifier_url_template: boolean;
}

export interface Queue {
  id: string;
  userId: number;
  capabilities: Capabilities;
  /** The event types asked for; null for all of them. */
  eventTypes: ReadonlySet<string> | null;
  applyMarkdown: boolean;
  events: QueuedEvent[];
  nextEventId: number;
  wake: (() => void) | null;
}

/** Zulip's event queues: registered per client, long-polled, acknowledged by last_event_id. */
export class Queues {
  readonly #queues = new Map<string, Queue>();

  constructor(private readonly heartbeatMs: number) {}

  create(
    userId: number,
    options: Pick<Queue, 'capabilities' | 'eventTypes' | 'applyMarkdown'>,
  ): Queue {
    const queue: Queue = {
      id: `${Date.now()}:${randomUUID().slice(0, 8)}`,
      userId,
      ...options,
      events: [],
      nextEventId: 0,
      wake: null,
    };
    this.#queues.set(queue.id, queue);
    return queue;
  }

  /** The queue, if it is the user's; Zulip refuses another user's queue as unknown. */
  get(queueId: string, userId: number): Queue {
    const queue = this.#queues.get(queueId);
    if (!queue || queue.userId !== userId) throw badEventQueue(queueId);
    return queue;
  }

  delete(queueId: string, userId: number): void {
    const queue = this.get(queueId, userId);
    this.#queues.delete(queueId);
    queue.wake?.();
  }

  /** Every queue of the users, for an action to address its event to. */
  of(userIds: Iterable<number>): Queue[] {
    const wanted = new Set(userIds);
    return [...this.#queues.values()].filter((queue) => wanted.has(queue.userId));
  }

  push(queue: Queue, event: Event): void {
    // Heartbeats go to every queue, whatever event types it asked for.
    if (queue.eventTypes && event.type !== 'heartbeat' && !queue.eventTypes.has(event.type)) return;
    queue.events.push({ ...event, id: queue.nextEventId++ });
    queue.wake?.();
  }

  /**
   * The events after `lastEventId`, dropping those it acknowledges. Waits for
   * one unless told not to block, and answers a heartbeat when none comes.
   */
  async poll(
    queue: Queue,
    lastEventId: number,
    dontBlock: boolean,
    abandoned: AbortSignal,
  ): Promise<QueuedEvent[]> {
    queue.events = queue.events.filter((event) => event.id > lastEventId);
    if (queue.events.length > 0 || dontBlock) return [...queue.events];
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        abandoned.removeEventListener('abort', done);
        if (queue.wake === done) queue.wake = null;
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        if (this.#queues.has(queue.id)) this.push(queue, { type: 'heartbeat' });
      }, this.heartbeatMs);
      queue.wake?.();
      queue.wake = done;
      abandoned.addEventListener('abort', done, { once: true });
    });
    if (!this.#queues.has(queue.id)) throw badEventQueue(queue.id);
    return [...queue.events];
  }

  /** Ends every waiting poll, so that the server can close. */
  closeAll(): void {
    for (const queue of this.#queues.values()) queue.wake?.();
    this.#queues.clear();
  }
}
