import { setTimeout as sleep } from 'node:timers/promises';
import { applyEvent } from '../../reducer/applyEvent';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import type { AnyEvent, QueuedEvent } from '../../wire';
import { createApi, type Api, type Registered } from '../api';
import { backoffDelay, defaultBackoff, type Backoff } from '../backoff';
import type { Cache } from '../cache/accountCache';
import { sessionEventOptions } from '../cache/registerState';
import { Emitter } from '../emitter';
import { isBadEventQueue } from '../api/errors';
import { certificateChange } from '../network/certificates';
import { connectionProblem } from '../network/connectionProblem';
import { proxyCredentialsMessage } from '../network/proxyError';
import type { ConnectionProblem } from '../../../src-preload/calls/networkCalls';
import type { Credentials, HttpClientOptions } from '../api/http';
import { isDiskFull } from '../cache/storageErrors';
import { mt } from '../../i18n/mainText';
import { catchUp, fetchNewestOfAll } from './catchUp';
import { isNoAnswer, watchSilence } from './silenceWatch';
import { systemSessionClock, type SessionClock } from './sessionClock';
import { watchForWake } from './wakeWatch';
import {
  collectChange,
  contentEdits,
  marksRead,
  renamesSomeone,
  sidebarEvents,
} from './eventBatch';

export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'catching-up';

export interface Connection {
  state: ConnectionState;
  /** Epoch ms since which the server has not answered; null while it answers. */
  offlineSince: number | null;
  /**
   * Offline because requests went unanswered within their time limit (a
   * server asleep, a link that drops what it carries), not refused.
   */
  notAnswering: boolean;
  /** Epoch ms of the last answer from the event queue. */
  lastSyncAt: number | null;
  /** While catching up, the missed messages fetched so far. */
  caughtUp: number | null;
  /** Why Hearth will not connect although the server answers (another certificate than the pinned one). */
  warning: string | null;
  /** What the person must decide or give before the link can work again. */
  problem: ConnectionProblem | null;
}

/** What changed in the cache, for whoever shows it. */
export interface CacheChange {
  /** Messages added or changed (IDs), deleted, and own messages the server echoed by local ID. */
  messageIds: readonly number[];
  deletedIds: readonly number[];
  localIds: readonly string[];
  /** Streams, subscriptions, users, topics or unread counts may have changed. */
  sidebar: boolean;
  /** A flag changed on every message (Zulip's "mark all as read" names none). */
  everyMessage?: boolean;
  /** All the batch did to messages was mark some read: what shows it may wait a moment. */
  readOnly?: boolean;
}

/** Messages the event queue brought, for the notification policy. */
export interface Arrivals {
  /** New messages, oldest first. */
  newIds: readonly number[];
  /** Messages whose content an edit changed, with the reader's flags before the edit. */
  edits: readonly { id: number; flagsBefore: readonly string[] }[];
  /**
   * True for what arrived while the session listened; false for what waited
   * on the server meanwhile (a restart, a sleep, a lost link), which is
   * summed up rather than announced one by one.
   */
  live: boolean;
}

export interface SessionEvents {
  connection: Connection;
  change: CacheChange;
  arrivals: Arrivals;
  /** A lost queue's missed messages are fetched: those newer than `afterId`. */
  caughtUp: { afterId: number };
  /** Someone started or stopped typing; only live events, as old ones say nothing now. */
  typing: QueuedEvent;
}

export interface SessionOptions extends Credentials {
  cache: Cache;
  backoff?: Backoff;
  /** Upper bound on one long-poll; longer than the server's heartbeat interval, so only a dead link trips it. */
  pollTimeoutMs?: number;
  /**
   * Upper bound on a poll that does not block: after a failure or a wake, a
   * connection kept alive from before may be dead and never answer.
   */
  checkTimeoutMs?: number;
  /**
   * How long a waiting long poll may go without any answer before the
   * server is asked something cheap, to tell it quiet from gone.
   */
  quietMs?: number;
  /** How the session notices that the computer slept; false for none. */
  wake?: { intervalMs: number; lateByMs: number } | false;
  /** The computer's clocks, unless a test hands the session its own. */
  clock?: SessionClock;
  fetch?: HttpClientOptions['fetch'];
  log?: (line: string) => void;
}

interface Queue {
  id: string;
  lastEventId: number;
}

const defaultPollTimeoutMs = 150_000;
const defaultCheckTimeoutMs = 10_000;
// With the check's 10 s, a server gone silent shows so within 30 s of its last answer.
const defaultQuietMs = 20_000;
const defaultWake = { intervalMs: 5_000, lateByMs: 20_000 };
const stopGraceMs = 2_000;
const indexBatch = 500;

/**
 * One account's live link to its server. It keeps the account's cache current:
 * it resumes the saved event queue or registers a new one, catches up on what
 * a lost queue missed, applies every event to the register state (through the
 * one shared reducer) and to the cache, and backs off while the server is
 * unreachable. It starts without the network: the cache is the window's truth.
 */
export class Session {
  readonly api: Api;
  readonly #cache: Cache;
  readonly #options: SessionOptions;
  readonly #log: (line: string) => void;
  readonly #clock: SessionClock;
  readonly #events: Emitter<SessionEvents>;
  readonly #stopRequest = new AbortController();
  #stopped: Promise<void> | undefined;
  #state: InitialState | null;
  #queue: Queue | null;
  #connection: Connection = {
    state: 'connecting',
    offlineSince: null,
    notAnswering: false,
    lastSyncAt: null,
    caughtUp: null,
    warning: null,
    problem: null,
  };
  /** Aborts the poll in flight, so a woken computer checks at once. */
  #poll: AbortController | null = null;
  #checkSoon = false;
  /** The poll in flight was dropped for a new route, not lost: poll again as before. */
  #rerouted = false;
  #wakeUp: (() => void) | null = null;
  /** When the server last answered, or was first asked since, by both clocks. */
  #answeredAt: { wallMs: number; monotonicMs: number };
  #running: Promise<void> | undefined;
  #stopWatch: () => void = () => undefined;

  constructor(options: SessionOptions) {
    this.api = createApi(options, {
      ...(options.fetch ? { fetch: options.fetch } : {}),
      featureLevel: () => featureLevelOf(this.#state ?? {}),
    });
    this.#cache = options.cache;
    this.#options = options;
    this.#log = options.log ?? ((line) => console.warn(line));
    this.#clock = options.clock ?? systemSessionClock;
    this.#answeredAt = this.#now();
    this.#events = new Emitter((error) => this.#log(`session listener failed: ${String(error)}`));
    this.#connection = { ...this.#connection, lastSyncAt: this.#cache.lastSync() };
    const saved = this.#cache.loadRegisterState();
    this.#state = saved?.state ?? null;
    this.#queue =
      saved?.queueId != null ? { id: saved.queueId, lastEventId: saved.lastEventId } : null;
  }

  /** Starts syncing in the background; the cache can be read at once. */
  start(): void {
    if (this.#running) return;
    const wake = this.#options.wake ?? defaultWake;
    if (wake) {
      this.#stopWatch = watchForWake({
        ...wake,
        clock: this.#clock,
        onWake: (sleptMs) => {
          this.#log(`the computer slept for about ${Math.round(sleptMs / 1000)} s; checking now`);
          this.checkNow();
        },
      });
    }
    this.#running = this.#run();
  }

  /** The register state, kept current by events; null before the first registration. */
  get state(): InitialState | null {
    return this.#state;
  }

  get connection(): Connection {
    return this.#connection;
  }

  /** The event queue being polled: sends name it so its echo can be matched. */
  get queueId(): string | undefined {
    return this.#queue?.id;
  }

  on<E extends keyof SessionEvents>(
    event: E,
    listener: (payload: SessionEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  /**
   * Checks the link now instead of at the next scheduled time: after the OS
   * says it resumed from sleep, or a poll returned far later than it should.
   */
  checkNow(): void {
    this.#checkSoon = true;
    this.#poll?.abort();
    this.#wakeUp?.();
  }

  /**
   * The network's route changed and dropped the poll in flight: polls again at
   * once from the same event, blocking as before, so what arrives meanwhile
   * notifies as it would have.
   */
  reroute(): void {
    this.#rerouted = true;
    this.#poll?.abort();
    this.#wakeUp?.();
  }

  /** Ends polling and deletes the queue, so the server need not keep it until it expires. */
  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  async #stop(): Promise<void> {
    this.#stopWatch();
    this.#stopRequest.abort();
    this.#poll?.abort();
    this.#wakeUp?.();
    await this.#running;
    const queue = this.#queue;
    if (!queue) return;
    try {
      // Stopping must not hang on an unreachable server; the queue then expires on its own.
      await this.api.deleteQueue(queue.id, { timeoutMs: stopGraceMs });
      this.#queue = null;
      this.#save();
    } catch (error) {
      this.#log(`could not delete event queue ${queue.id}: ${String(error)}`);
    }
  }

  async #run(): Promise<void> {
    const stopping = this.#stopRequest.signal;
    let failures = 0;
    // A queue resumed from the cache is asked without blocking, so the window
    // learns at once whether the server answers.
    this.#checkSoon = this.#queue !== null;
    while (!stopping.aborted) {
      try {
        if (!this.#queue) await this.#register();
        const queue = this.#queue;
        if (!queue || stopping.aborted) continue;
        const poll = new AbortController();
        this.#poll = poll;
        const dontBlock = failures > 0 || this.#checkSoon;
        this.#checkSoon = false;
        this.#rerouted = false;
        const stopWatch = dontBlock ? () => undefined : this.#watchSilence(poll);
        const events = await this.api
          .getEvents({
            queueId: queue.id,
            lastEventId: queue.lastEventId,
            // After a failure or a wake, ask without blocking so the state shows at once.
            dontBlock,
            signal: poll.signal,
            timeoutMs: dontBlock
              ? (this.#options.checkTimeoutMs ?? defaultCheckTimeoutMs)
              : (this.#options.pollTimeoutMs ?? defaultPollTimeoutMs),
          })
          .finally(stopWatch);
        this.#poll = null;
        if (stopping.aborted) return;
        failures = 0;
        this.#answeredAt = this.#now();
        // What a poll that does not block finds waited for the session.
        this.#receive(queue, events, !dontBlock);
        this.#cache.recordSync(this.#clock.wallMs());
        if (events.some((event) => event.type === 'restart')) {
          // Zulip's restart event: what register says may have changed (a
          // Hearth host's new name, its feature level). Nothing was missed,
          // so registering again catches up from the newest message held.
          this.#log('the server restarted; registering again');
          void this.api.deleteQueue(queue.id).catch(() => undefined);
          this.#queue = null;
          this.#save();
          continue;
        }
        this.#setConnection({
          state: 'connected',
          offlineSince: null,
          notAnswering: false,
          lastSyncAt: this.#clock.wallMs(),
          caughtUp: null,
          warning: null,
          problem: null,
        });
      } catch (error) {
        this.#poll = null;
        if (stopping.aborted) return;
        if (this.#checkSoon || this.#rerouted) continue;
        if (isDiskFull(error)) {
          // The server answered; this computer could not keep what it said.
          // The queue has not moved on, so the same events come again, and
          // are kept, once there is space; the window keeps what it holds.
          const delay = backoffDelay(this.#options.backoff ?? defaultBackoff, failures);
          failures += 1;
          this.#setConnection({ ...this.#connection, warning: mt('main.cache.diskFull') });
          this.#log(
            `this computer's disk is full: new events wait for space (again in ${delay} ms)`,
          );
          await this.#pause(delay);
          continue;
        }
        if (isBadEventQueue(error)) {
          // Zulip's contract: a client whose queue is gone re-initializes its state.
          this.#log('event queue expired; registering a new one and catching up');
          this.#queue = null;
          this.#cache.forgetNewest();
          this.#save();
          continue;
        }
        const delay = backoffDelay(this.#options.backoff ?? defaultBackoff, failures);
        failures += 1;
        const notAnswering = isNoAnswer(error);
        this.#setConnection({
          ...this.#connection,
          state: 'offline',
          // Silence began with the last answer; a refusal, when it came.
          offlineSince:
            this.#connection.offlineSince ??
            (notAnswering ? this.#lastAnswerOnWall() : this.#clock.wallMs()),
          notAnswering,
          caughtUp: null,
          ...this.#waitingOn(error),
        });
        this.#log(
          `server unreachable (${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms`,
        );
        await this.#pause(delay);
      }
    }
  }

  /** Asks the server something cheap while `poll` waits in silence; ends the poll if nothing answers. */
  #watchSilence(poll: AbortController): () => void {
    const timeoutMs = this.#options.checkTimeoutMs ?? defaultCheckTimeoutMs;
    return watchSilence({
      quietMs: this.#options.quietMs ?? defaultQuietMs,
      answeredAt: () => this.#answeredAt.monotonicMs,
      now: () => this.#clock.monotonicMs(),
      probe: (signal) => this.api.getServerSettings({ signal, timeoutMs }),
      onAnswer: () => {
        this.#answeredAt = this.#now();
      },
      onNoAnswer: (error) => {
        this.#log(
          `the server has not answered since ${new Date(this.#lastAnswerOnWall()).toISOString()}`,
        );
        // The poll then fails with the probe's error, as the reason it was ended.
        poll.abort(error);
      },
    });
  }

  #now(): { wallMs: number; monotonicMs: number } {
    return { wallMs: this.#clock.wallMs(), monotonicMs: this.#clock.monotonicMs() };
  }

  /**
   * The last answer, on the wall clock as it reads now: the earlier of the
   * wall clock's reading then and the monotonic clock's reckoning since, as
   * a suspend stops the monotonic clock and a clock set back moves the wall's.
   */
  #lastAnswerOnWall(): number {
    const { wallMs, monotonicMs } = this.#answeredAt;
    const reckoned = this.#clock.wallMs() - (this.#clock.monotonicMs() - monotonicMs);
    return Math.min(wallMs, Math.round(reckoned));
  }

  /** Waits for the back-off delay, or less if asked to check now or to stop. */
  async #pause(ms: number): Promise<void> {
    const woken = new AbortController();
    this.#wakeUp = () => woken.abort();
    await sleep(ms, undefined, { signal: woken.signal }).catch(() => undefined);
    this.#wakeUp = null;
  }

  async #register(): Promise<void> {
    const hadState = this.#state !== null;
    this.#setConnection({
      ...this.#connection,
      state: hadState ? 'catching-up' : 'connecting',
      caughtUp: 0,
    });
    const registered: Registered = await this.api.register();
    const { queue_id: queueId, last_event_id: lastEventId, ...state } = registered;
    this.#state = state as InitialState;
    // The queue is kept only once the catching up is done: a session that
    // dies before then registers and catches up again, rather than resuming
    // a queue whose missed messages it never fetched.
    this.#cache.storeRegister(this.#state, { queueId: null, lastEventId });
    this.#emitChange({ messageIds: [], deletedIds: [], localIds: [], sidebar: true });

    const report = (messageIds: readonly number[], total: number) => {
      this.#setConnection({ ...this.#connection, caughtUp: total });
      this.#emitChange({ messageIds, deletedIds: [], localIds: [], sidebar: true });
    };
    const newest = this.#cache.newestMessageId();
    if (newest === null) await fetchNewestOfAll(this.api, this.#cache, report);
    else await catchUp(this.api, this.#cache, newest, report);
    this.#queue = { id: queueId, lastEventId };
    // A queue lost before the cache held any message missed all there is now.
    if (newest !== null || hadState) this.#events.emit('caughtUp', { afterId: newest ?? 0 });
    this.#save();
    this.#indexWhenIdle();
    this.#setConnection({
      state: 'connected',
      offlineSince: null,
      notAnswering: false,
      lastSyncAt: this.#clock.wallMs(),
      caughtUp: null,
      warning: null,
      problem: null,
    });
  }

  /** Gives caught-up messages their full-text entries a batch per turn of the event loop. */
  #indexWhenIdle(): void {
    const step = () => {
      if (!this.#stopRequest.signal.aborted && this.#cache.indexPending(indexBatch)) {
        setImmediate(step);
      }
    };
    setImmediate(step);
  }

  #receive(queue: Queue, events: readonly AnyEvent[], live: boolean): void {
    if (events.length === 0) return;
    const edited = contentEdits(events as QueuedEvent[]);
    const flagsBefore = new Map(
      edited.length === 0
        ? []
        : this.#cache
            .messagesAmong({ kind: 'all' }, edited)
            .map((message) => [message.id, message.flags ?? []]),
    );
    const messageIds: number[] = [];
    const newIds: number[] = [];
    const deletedIds: number[] = [];
    const localIds: string[] = [];
    let sidebar = false;
    let everyMessage = false;
    let readOnly = true;
    let state = this.#state;
    let lastEventId = queue.lastEventId;
    const applied: QueuedEvent[] = [];
    for (const event of events as QueuedEvent[]) {
      lastEventId = Math.max(lastEventId, event.id);
      if (event.type === 'heartbeat') continue;
      if (event.type === 'typing') {
        if (live) this.#events.emit('typing', event);
        continue;
      }
      if (state) {
        state = applyEvent(state, event, sessionEventOptions);
        applied.push(event);
      }
      if (sidebarEvents.has(event.type)) sidebar = true;
      collectChange(event, { messageIds, newIds, deletedIds, localIds });
      if (event.type === 'update_message_flags' && event.all === true) everyMessage = true;
      if (!marksRead(event)) readOnly = false;
      // A new name shows on every message of its owner.
      if (renamesSomeone(event)) everyMessage = true;
    }
    // A cache that cannot keep them (a full disk) throws here: the queue
    // and the state stay where they were, so the same events come again.
    this.#cache.applyEvents(events as QueuedEvent[]);
    if (state) this.#cache.recordStateEvents(state, applied, { queueId: queue.id, lastEventId });
    this.#state = state;
    queue.lastEventId = lastEventId;
    if (messageIds.length + deletedIds.length > 0 || sidebar || everyMessage) {
      this.#emitChange({
        messageIds,
        deletedIds,
        localIds,
        sidebar,
        everyMessage,
        readOnly: readOnly && !everyMessage,
      });
    }
    if (newIds.length + edited.length > 0) {
      this.#events.emit('arrivals', {
        newIds,
        edits: edited.flatMap((id) => {
          const before = flagsBefore.get(id);
          return before ? [{ id, flagsBefore: before }] : [];
        }),
        live,
      });
    }
  }

  #save(): void {
    if (!this.#state) return;
    this.#cache.saveRegisterState(this.#state, {
      queueId: this.#queue?.id ?? null,
      lastEventId: this.#queue?.lastEventId ?? -1,
    });
  }

  /** What the person must do before the link can work again, and the words for it. */
  #waitingOn(error: unknown): Pick<Connection, 'warning' | 'problem'> {
    const problem = connectionProblem(error, this.#options.serverUrl);
    if (problem?.kind === 'proxy-credentials') {
      return {
        problem,
        warning: proxyCredentialsMessage(problem.proxy, problem.credentialsGiven),
      };
    }
    return { problem, warning: certificateChange(error)?.message ?? null };
  }

  #emitChange(change: CacheChange): void {
    this.#events.emit('change', change);
  }

  #setConnection(connection: Connection): void {
    const before = this.#connection;
    this.#connection = connection;
    if (
      before.state !== connection.state ||
      before.caughtUp !== connection.caughtUp ||
      before.offlineSince !== connection.offlineSince ||
      before.notAnswering !== connection.notAnswering ||
      before.warning !== connection.warning ||
      before.problem?.kind !== connection.problem?.kind
    ) {
      this.#events.emit('connection', connection);
    }
  }
}
