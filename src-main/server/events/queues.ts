import { cached } from '../cached';
import { errors } from '../errors';
import {
  deleteEventQueues,
  deleteNotices,
  insertEventQueue,
  insertNotice,
  nextQueueGeneration,
  updateEventQueues,
} from '../store/eventQueues';
import type { Sql } from '../store/sql';
import { unlessDiskFull } from '../store/storageFaults';
import { TURN_BUDGET_MS, TurnBudget } from '../turnBudget';
import { AwakeTime } from './awakeTime';
import { HeartbeatClock } from './heartbeats';
import type { Notice } from './notice';
import { partsFor, recordOf, type NoticeRecord } from './noticeRecord';
import { restoreQueues, storedDeliveries, storedSettings } from './persisted';
import type { QueueNarrowTerm } from './narrow';
import { EventQueue, type QueueSettings } from './queue';

export interface QueueTimeouts {
  /** How long a blocking GET /events waits before answering with a heartbeat. */
  heartbeatMs: number;
  /** How long a queue nobody polls is kept (Zulip: 10 minutes). */
  idleMs: number;
}

const SAVE_DELAY_MS = 5_000;

const alone = <T>(item: T): readonly T[] => [item];

const noNarrow: readonly QueueNarrowTerm[] = [];
const SHARED_TYPE_LISTS = 100;

export const defaultQueueTimeouts: QueueTimeouts = { heartbeatMs: 50_000, idleMs: 10 * 60_000 };

/** The client's connection, which may close while its poll waits. */
export interface HangUp {
  /** Calls `listener` if the client hangs up; returns the function that stops listening. */
  onHangUp(listener: () => void): () => void;
}

export interface FetchRequest {
  lastEventId: number | undefined;
  dontBlock: boolean;
  hangUp?: HangUp;
}

/**
 * The event queues of one host. With a store, every event is written before
 * `notify` returns (so before the action's response goes out) and queues come
 * back after a restart, crash included. Acknowledgements and activity are
 * written a few seconds later, all touched queues at once: a client repeats its
 * `last_event_id` after a restart anyway, and idle time is counted in minutes,
 * so a row per poll would only cost every poll a write.
 */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly allPublicStreams = new Set<EventQueue>();
  private readonly generation: number;
  private counter = 0;
  private readonly heartbeats: HeartbeatClock<EventQueue>;
  private readonly sweeper: NodeJS.Timeout;
  /** The stored notices by ID, until no queue holds an event of theirs. */
  private readonly notices = new Map<number, NoticeRecord>();
  private readonly unsaved = new Set<EventQueue>();
  private saving: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly awake: AwakeTime;
  /** The event_types lists queues were registered with, by their JSON. */
  private readonly typeLists = new Map<string, readonly string[]>();

  constructor(
    private readonly timeouts: QueueTimeouts = defaultQueueTimeouts,
    private readonly sql?: Sql,
    private readonly turns = new TurnBudget(TURN_BUDGET_MS),
  ) {
    const every = Math.max(50, Math.min(timeouts.idleMs / 2, 30_000));
    this.awake = new AwakeTime(every);
    const nowSeconds = Math.floor(Date.now() / 1000);
    this.generation = sql ? nextQueueGeneration(sql, nowSeconds) : nowSeconds;
    if (sql) {
      const restored = restoreQueues(sql, Date.now(), timeouts.idleMs);
      deleteEventQueues(sql, restored.expired);
      deleteNotices(sql, restored.spent);
      restored.live.forEach((queue) => this.add(queue));
      restored.notices.forEach((record, id) => this.notices.set(id, record));
    }
    this.heartbeats = new HeartbeatClock(timeouts.heartbeatMs, (queues) => this.beat(queues));
    this.sweeper = setInterval(() => unlessDiskFull(() => this.collectIdle()), every);
    this.sweeper.unref();
  }

  /**
   * Zulip's event_queue_longpoll_timeout_seconds: how long a client should
   * wait on GET /events before it gives up on the answer, which Zulip
   * promises is longer than a heartbeat takes. Zulip's 90 s, and at least
   * half a minute more than the heartbeat.
   */
  get longpollTimeoutSeconds(): number {
    return Math.max(90, Math.ceil(this.timeouts.heartbeatMs / 1000) + 30);
  }

  /** How long `queue` is kept while nobody polls it, in whole seconds: register's idle_queue_timeout_secs. */
  idleTimeoutSeconds(queue: EventQueue): number {
    return Math.ceil(this.idleMsOf(queue) / 1000);
  }

  register(given: QueueSettings): EventQueue {
    const settings = this.sharingLists(given);
    const queue = new EventQueue(`${this.generation}:${this.counter++}`, settings, {
      newestPrunedId: -1,
      lastActivity: Date.now(),
      events: [],
    });
    if (this.sql) {
      insertEventQueue(this.sql, {
        id: queue.id,
        user_id: settings.userId,
        settings: storedSettings(settings),
        newest_pruned_id: queue.newestPrunedId,
        last_activity: queue.lastActivity,
      });
    }
    this.add(queue);
    return queue;
  }

  // Clients of one kind register with the same event types, most with no
  // narrow: their thousands of queues then hold one list of each, not one
  // each (about 90 bytes a queue).
  private sharingLists(settings: QueueSettings): QueueSettings {
    const { eventTypes, narrow } = settings;
    return {
      ...settings,
      eventTypes: eventTypes && this.sharedTypes(eventTypes),
      narrow: narrow.length === 0 ? noNarrow : narrow,
    };
  }

  private sharedTypes(types: readonly string[]): readonly string[] {
    const key = JSON.stringify(types);
    const known = this.typeLists.get(key);
    if (known) return known;
    // Bounded, or clients registering ever new lists would grow it for good.
    if (this.typeLists.size < SHARED_TYPE_LISTS) this.typeLists.set(key, types);
    return types;
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
    const queue = this.queues.get(queueId);
    if (!queue) throw errors.badEventQueueId(queueId);
    if (queue.settings.userId !== userId) {
      throw errors.badRequest('You are not authorized to access this queue');
    }
    this.remove([queue]);
  }

  /** Ends every queue, its poll answered with what it holds: the organization was deactivated. */
  deleteAll(): void {
    this.remove([...this.queues.values()]);
  }

  /**
   * Whether any of the user's queues takes message events: a client is open
   * (the opposite of Zulip's receiver_is_off_zulip).
   */
  acceptsMessages(userId: number): boolean {
    return [...(this.byUser.get(userId) ?? [])].some((queue) => queue.takes('message'));
  }

  /**
   * The users with a queue that takes events of `type`: an event for anyone
   * else is dropped at once, so an action need not work out whether they
   * may hear of it.
   */
  usersTaking(type: string): Set<number> {
    const users = new Set<number>();
    this.byUser.forEach((queues, userId) => {
      queues.forEach((queue) => {
        if (queue.takes(type)) users.add(userId);
      });
    });
    return users;
  }

  /** Delivers a notice to every queue of `userIds` (and all-public-streams queues) that wants it. */
  notify(notice: Notice, userIds: readonly number[]): void {
    const readers = new Set(userIds);
    // A queue belongs to one user, so going through the readers reaches each
    // once. Callbacks made once, not for…of: this runs once per action, too
    // rarely to be optimized, and unoptimized iterators leave an object per step.
    const receiving: EventQueue[] = [];
    const take = (queue: EventQueue) => {
      if (queue.wants(notice)) receiving.push(queue);
    };
    readers.forEach((userId) => this.byUser.get(userId)?.forEach(take));
    if (notice.kind === 'message' && notice.stream?.isPublic === true) {
      this.allPublicStreams.forEach((queue) => {
        if (!readers.has(queue.settings.userId)) take(queue);
      });
    }
    if (receiving.length === 0) return;

    const record = recordOf(notice, receiving);
    // Thousands of queues share a handful of flag sets, so each set's parts
    // are made once. Zulip's all-public-streams queues see a message they did
    // not receive with no flags.
    const partsByFlags = new Map<string, readonly string[]>();
    const messageParts = (userId: number): readonly string[] => {
      const flags =
        readers.has(userId) && notice.kind === 'message' ? notice.flagsJson(userId) : '[]';
      return cached(partsByFlags, flags, alone);
    };
    this.deliver(
      record,
      receiving.map((queue) => ({
        queue,
        parts:
          record.kind === 'message' ? messageParts(queue.settings.userId) : partsFor(record, queue),
      })),
    );
  }

  /**
   * Hands `answer` the queue's pending events as a JSON array, at once if
   * there are any, else once the wait is over; refuses by throwing, at once.
   * A callback, not a promise: a waiting poll then holds a few closures, and a
   * thousand waits cost little more than the requests themselves.
   */
  fetch(
    queueId: string,
    userId: number,
    request: FetchRequest,
    answer: (events: string) => void,
  ): void {
    const queue = this.get(queueId, userId);
    this.touch(queue);
    if (request.lastEventId !== undefined) queue.acknowledge(request.lastEventId);
    if (queue.hasPending || request.dontBlock || this.closed) {
      answer(queue.pendingJson());
      return;
    }
    const stopListening = request.hangUp?.onHangUp(() => queue.wake());
    queue.waitForEvents((events) => {
      stopListening?.();
      this.touch(queue);
      answer(events);
    });
    this.heartbeats.start(queue);
  }

  /** Answers every waiting poll so that the HTTP server can close without waiting for them. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweeper);
    this.heartbeats.stop();
    try {
      this.save();
    } finally {
      // Long-polls end even when the database refuses the save (damaged):
      // the server's close waits for them.
      for (const queue of this.queues.values()) queue.wake();
    }
  }

  private add(queue: EventQueue): void {
    // A queue restored from the database is as old as its wall-clock age.
    const age = Math.max(0, Date.now() - queue.lastActivity);
    queue.polledAt = this.awake.nowMs() - age;
    this.queues.set(queue.id, queue);
    const mine = this.byUser.get(queue.settings.userId) ?? new Set<EventQueue>();
    this.byUser.set(queue.settings.userId, mine.add(queue));
    if (queue.settings.allPublicStreams) this.allPublicStreams.add(queue);
  }

  private remove(queues: readonly EventQueue[]): void {
    if (this.sql)
      deleteEventQueues(
        this.sql,
        queues.map(({ id }) => id),
      );
    for (const queue of queues) {
      this.queues.delete(queue.id);
      const mine = this.byUser.get(queue.settings.userId);
      mine?.delete(queue);
      if (mine?.size === 0) this.byUser.delete(queue.settings.userId);
      this.allPublicStreams.delete(queue);
      this.unsaved.delete(queue);
      queue.wake();
    }
  }

  /** Stores the events (before anyone can see them), then queues them and wakes their pollers. */
  private deliver(
    record: NoticeRecord,
    deliveries: readonly { queue: EventQueue; parts: readonly (string | null)[] }[],
  ): void {
    if (this.sql) {
      const id = insertNotice(this.sql, JSON.stringify(record), storedDeliveries(deliveries));
      this.notices.set(id, record);
    }
    // Only a waiting poll needs waking: any other gets the events when it polls.
    // Answers are deferred, so that the action's own response goes out
    // first, and then given a budget's worth per turn, ahead of the polls
    // they bring back.
    deliveries.forEach(({ queue, parts }) => {
      queue.append(record, parts);
      if (queue.isWaiting) this.turns.defer(() => queue.wake());
    });
  }

  // Zulip queues a heartbeat like any event, so it takes an ID, which must
  // outlive a crash as much as any other the client may acknowledge.
  private beat(expired: readonly EventQueue[]): void {
    const queues = expired.filter((queue) => queue.isWaiting && this.queues.has(queue.id));
    if (queues.length === 0) return;
    const heartbeat = { kind: 'heartbeat' } as const;
    const beaten = unlessDiskFull(() =>
      this.deliver(
        heartbeat,
        queues.map((queue) => ({ queue, parts: partsFor(heartbeat, queue) })),
      ),
    );
    // A beat that could not be stored comes an interval later, when there may be room.
    if (!beaten) queues.forEach((queue) => this.heartbeats.start(queue));
  }

  private touch(queue: EventQueue): void {
    queue.lastActivity = Date.now();
    queue.polledAt = this.awake.nowMs();
    if (!this.sql || this.closed) return;
    this.unsaved.add(queue);
    if (this.saving) return;
    this.saving = setTimeout(
      () => unlessDiskFull(() => this.save()),
      Math.min(SAVE_DELAY_MS, this.timeouts.idleMs / 4),
    );
    this.saving.unref();
  }

  private save(): void {
    clearTimeout(this.saving);
    this.saving = undefined;
    if (!this.sql || this.unsaved.size === 0) return;
    updateEventQueues(
      this.sql,
      [...this.unsaved].map(({ id, newestPrunedId, lastActivity }) => ({
        id,
        newestPrunedId,
        lastActivity,
      })),
    );
    this.unsaved.clear();
  }

  private idleMsOf(queue: EventQueue): number {
    const asked = queue.settings.idleSeconds;
    return asked !== undefined ? asked * 1000 : this.timeouts.idleMs;
  }

  private collectIdle(): void {
    this.awake.tick();
    const now = this.awake.nowMs();
    const idle = [...this.queues.values()].filter(
      (queue) => !queue.isWaiting && now - queue.polledAt > this.idleMsOf(queue),
    );
    if (idle.length > 0) this.remove(idle);
    this.forgetSpentNotices();
  }

  // A notice may go once no queue holds an event of it, and once the
  // acknowledgements that released it are stored: until then a restart would
  // still look for it.
  private forgetSpentNotices(): void {
    if (!this.sql) return;
    this.save();
    const held = new Set<NoticeRecord>();
    for (const queue of this.queues.values()) queue.collectRecords(held);
    const spent = [...this.notices].filter(([, record]) => !held.has(record)).map(([id]) => id);
    deleteNotices(this.sql, spent);
    spent.forEach((id) => this.notices.delete(id));
  }
}
