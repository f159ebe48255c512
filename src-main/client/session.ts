import { setTimeout as sleep } from 'node:timers/promises';
import {
  knownEventSchema,
  type AnyEvent,
  type Message,
  type NarrowTerm,
  type Subscription,
} from '../wire';
import { createApi, type Api, type Identity, type StreamMessage } from './api';
import { applyEvent, initialState, type SessionState } from './applyEvent';
import { backoffDelay, defaultBackoff, type Backoff } from './backoff';
import type { Bot } from '../../src-preload/bridge';
import { OwnBots, type BotRequest, type WebhookUrlRequest } from './bots';
import { Emitter } from './emitter';
import { isBadEventQueue } from './errors';
import type { Credentials, HttpClientOptions } from './http';

export type ConnectionState = 'connecting' | 'connected' | 'offline';

export interface SessionEvents {
  message: Message;
  subscriptions: readonly Subscription[];
  connection: ConnectionState;
}

export interface SessionOptions extends Credentials {
  backoff?: Backoff;
  /** Upper bound on one long-poll; longer than the server's heartbeat interval, so only a dead link trips it. */
  pollTimeoutMs?: number;
  fetch?: HttpClientOptions['fetch'];
  log?: (line: string) => void;
}

// The event types whose changes SessionState holds; register asks for no others.
const eventTypes = ['message', 'subscription'] as const;

const defaultPollTimeoutMs = 150_000;
const newestMessagesCount = 100;
const stopGraceMs = 2_000;

interface Queue {
  id: string;
  lastEventId: number;
}

/**
 * One account on one server: its identity, its state as kept current by the
 * event queue, and the calls the UI makes on its behalf.
 */
export class Session {
  readonly #api: Api;
  readonly #bots: OwnBots;
  readonly #options: SessionOptions;
  readonly #log: (line: string) => void;
  readonly #events: Emitter<SessionEvents>;
  /** Aborted when stop() is called: ends back-off waits and the poll loop. */
  readonly #stopRequest = new AbortController();
  /** Aborted only if the long-poll outlives the grace period of stop(). */
  readonly #hangUp = new AbortController();
  #stopped: Promise<void> | undefined;
  #state: SessionState = initialState({});
  #connection: ConnectionState = 'connecting';
  #queue: Queue | undefined;
  #polling: Promise<void> | undefined;

  private constructor(
    api: Api,
    options: SessionOptions,
    readonly identity: Identity,
    readonly realmName: string,
    /** The organization's URL as the server states it: what other tools reach it by. */
    realmUri: string,
  ) {
    this.#api = api;
    this.#bots = new OwnBots(api, realmUri);
    this.#options = options;
    this.#log = options.log ?? ((line) => console.warn(line));
    this.#events = new Emitter((error) => this.#log(`session listener failed: ${String(error)}`));
  }

  /** Fetches the profile, registers a queue and starts long-polling; rejects if the server cannot be used. */
  static async open(options: SessionOptions): Promise<Session> {
    const api = createApi(options, options.fetch ? { fetch: options.fetch } : {});
    const [identity, settings] = await Promise.all([api.getIdentity(), api.getServerSettings()]);
    const session = new Session(
      api,
      options,
      identity,
      settings.realmName ?? new URL(options.serverUrl).host,
      settings.realmUri ?? options.serverUrl,
    );
    await session.#register();
    session.#setConnection('connected');
    session.#polling = session.#poll();
    return session;
  }

  get state(): SessionState {
    return this.#state;
  }

  get connection(): ConnectionState {
    return this.#connection;
  }

  /** The event queue being polled, if registered; shown for diagnosis, never needed to use the Session. */
  get queueId(): string | undefined {
    return this.#queue?.id;
  }

  on<E extends keyof SessionEvents>(
    event: E,
    listener: (payload: SessionEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  /** Sends a stream message; resolves with its id. */
  sendStreamMessage(message: StreamMessage): Promise<number> {
    return this.#api.sendStreamMessage(message);
  }

  /** The newest messages of a stream, or of one topic in it, oldest first. */
  getMessages(narrow: { stream: string; topic?: string }): Promise<Message[]> {
    const terms: NarrowTerm[] = [{ operator: 'stream', operand: narrow.stream }];
    if (narrow.topic !== undefined) terms.push({ operator: 'topic', operand: narrow.topic });
    return this.#api.getNewestMessages(terms, newestMessagesCount);
  }

  /** The account's active bots. */
  listBots(): Promise<Bot[]> {
    return this.#bots.list();
  }

  createBot(request: BotRequest): Promise<Bot> {
    return this.#bots.create(request);
  }

  /** Gives the bot a new API key; its old key, and URLs holding it, stop working. */
  regenerateBotKey(botId: number): Promise<void> {
    return this.#bots.regenerateKey(botId);
  }

  deactivateBot(botId: number): Promise<void> {
    return this.#bots.deactivate(botId);
  }

  /** The URL to paste into another tool so that it posts through one of the account's bots. */
  webhookUrl(request: WebhookUrlRequest): Promise<string> {
    return this.#bots.webhookUrl(request);
  }

  /** Ends polling and deletes the queue, so the server need not keep it until it expires. */
  stop(): Promise<void> {
    this.#stopped ??= this.#stop();
    return this.#stopped;
  }

  async #stop(): Promise<void> {
    this.#stopRequest.abort();
    // Deleting the queue answers the waiting long-poll, so polling ends without
    // cutting a request off; only a poll that outlives the grace period is aborted.
    const deleted = this.#queue;
    if (deleted) await this.#deleteQueue(deleted.id);
    const ended = await Promise.race([
      this.#polling?.then(() => true),
      sleep(stopGraceMs, false, { ref: false }),
    ]);
    if (!ended) {
      this.#hangUp.abort();
      await this.#polling;
    }
    const registeredMeanwhile = this.#queue;
    this.#queue = undefined;
    if (registeredMeanwhile && registeredMeanwhile !== deleted)
      await this.#deleteQueue(registeredMeanwhile.id);
  }

  async #deleteQueue(queueId: string): Promise<void> {
    try {
      // Stopping must not hang on an unreachable server; the queue then expires on its own.
      await this.#api.deleteQueue(queueId, { timeoutMs: stopGraceMs });
    } catch (error) {
      this.#log(`could not delete event queue ${queueId}: ${String(error)}`);
    }
  }

  async #register(): Promise<Queue> {
    const registered = await this.#api.register(eventTypes);
    const subscriptions = registered.subscriptions ?? (await this.#api.getSubscriptions());
    const queue = { id: registered.queue_id, lastEventId: registered.last_event_id };
    this.#queue = queue;
    this.#state = initialState({ ...registered, subscriptions: [...subscriptions] });
    this.#events.emit('subscriptions', subscriptions);
    return queue;
  }

  async #poll(): Promise<void> {
    const stopping = this.#stopRequest.signal;
    let failures = 0;
    while (!stopping.aborted) {
      try {
        let queue = this.#queue;
        if (!queue) {
          queue = await this.#register();
          this.#setConnection('connected');
        }
        const events = await this.#api.getEvents({
          queueId: queue.id,
          lastEventId: queue.lastEventId,
          // After a failure, ask without blocking so a recovered link shows as connected at once.
          dontBlock: failures > 0,
          signal: this.#hangUp.signal,
          timeoutMs: this.#options.pollTimeoutMs ?? defaultPollTimeoutMs,
        });
        if (stopping.aborted) return;
        failures = 0;
        this.#setConnection('connected');
        for (const event of events) this.#receive(queue, event);
      } catch (error) {
        if (stopping.aborted) return;
        if (isBadEventQueue(error)) {
          // Zulip's contract: a client whose queue is gone re-initializes its state.
          this.#log('event queue expired; registering a new one');
          this.#queue = undefined;
          this.#setConnection('connecting');
          continue;
        }
        const delay = backoffDelay(this.#options.backoff ?? defaultBackoff, failures);
        failures += 1;
        this.#setConnection('offline');
        this.#log(
          `event queue unreachable (${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms`,
        );
        await sleep(delay, undefined, { signal: stopping }).catch(() => undefined);
      }
    }
  }

  #receive(queue: Queue, event: AnyEvent): void {
    queue.lastEventId = Math.max(queue.lastEventId, event.id);
    if (!(eventTypes as readonly string[]).includes(event.type)) return;
    const known = knownEventSchema.safeParse(event);
    if (!known.success) {
      this.#log(`ignored a malformed ${event.type} event: ${known.error.message}`);
      return;
    }
    this.#state = applyEvent(this.#state, known.data);
    if (known.data.type === 'message') {
      const delivered = this.#state.recentMessages.at(-1);
      if (delivered) this.#events.emit('message', delivered);
    } else if (known.data.type === 'subscription') {
      this.#events.emit('subscriptions', this.#state.subscriptions);
    }
  }

  #setConnection(connection: ConnectionState): void {
    if (connection === this.#connection) return;
    this.#connection = connection;
    this.#events.emit('connection', connection);
  }
}
