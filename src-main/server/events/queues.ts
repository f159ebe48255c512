import { errors } from '../errors';
import type { Notice, QueuedEvent } from './notice';
import { EventQueue, type QueueSettings } from './queue';

export interface QueueTimeouts {
  /** How long a blocking GET /events waits before answering with a heartbeat. */
  heartbeatMs: number;
  /** How long a queue nobody polls is kept (Zulip: 10 minutes). */
  idleMs: number;
}

export const defaultQueueTimeouts: QueueTimeouts = { heartbeatMs: 50_000, idleMs: 10 * 60_000 };

export interface FetchRequest {
  lastEventId: number | undefined;
  dontBlock: boolean;
  signal?: AbortSignal;
}

/** The in-memory event queues of one running host. */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  // Queue IDs carry the start time, as Zulip's do, so IDs from before a restart
  // are recognisably stale instead of colliding with new ones.
  private readonly generation = Math.floor(Date.now() / 1000);
  private counter = 0;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly timeouts: QueueTimeouts = defaultQueueTimeouts) {
    const every = Math.max(50, Math.min(timeouts.idleMs / 2, 30_000));
    this.sweeper = setInterval(() => this.collectIdle(), every);
    this.sweeper.unref();
  }

  register(settings: QueueSettings): EventQueue {
    const queue = new EventQueue(`${this.generation}:${this.counter++}`, settings, Date.now());
    this.queues.set(queue.id, queue);
    return queue;
  }

  get(queueId: string, userId: number): EventQueue {
    const queue = this.queues.get(queueId);
    if (!queue) throw errors.badEventQueueId(queueId);
    if (queue.settings.userId !== userId) {
      throw errors.badRequest('You are not authorized to get events from this queue');
    }
    return queue;
  }

  delete(queueId: string, userId: number): void {
    const queue = this.get(queueId, userId);
    this.queues.delete(queueId);
    queue.wake();
  }

  /** Delivers a notice to every queue of `userIds` (and all-public-streams queues) that wants it. */
  notify(notice: Notice, userIds: readonly number[]): void {
    const users = new Set(userIds);
    const publicStream = notice.kind === 'message' && notice.stream?.isPublic === true;
    for (const queue of this.queues.values()) {
      const entitled =
        users.has(queue.settings.userId) || (publicStream && queue.settings.allPublicStreams);
      if (entitled && queue.wants(notice)) queue.deliver(notice);
    }
  }

  async fetch(queueId: string, userId: number, request: FetchRequest): Promise<QueuedEvent[]> {
    const queue = this.get(queueId, userId);
    queue.lastActivity = Date.now();
    if (request.lastEventId !== undefined) queue.acknowledge(request.lastEventId);
    const ready = queue.pending();
    if (ready.length > 0 || request.dontBlock || this.closed) return ready;

    const heartbeat = setTimeout(
      () => queue.push({ type: 'heartbeat' }),
      this.timeouts.heartbeatMs,
    );
    const hangUp = () => queue.wake();
    request.signal?.addEventListener('abort', hangUp);
    try {
      return await queue.waitForEvents();
    } finally {
      clearTimeout(heartbeat);
      request.signal?.removeEventListener('abort', hangUp);
      queue.lastActivity = Date.now();
    }
  }

  /** Answers every waiting poll so that the HTTP server can close without waiting for them. */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const queue of this.queues.values()) queue.wake();
  }

  private collectIdle(): void {
    const cutoff = Date.now() - this.timeouts.idleMs;
    for (const [id, queue] of this.queues) {
      if (!queue.isWaiting && queue.lastActivity < cutoff) this.queues.delete(id);
    }
  }
}
