import { setTimeout as pause } from 'node:timers/promises';
import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest, type HttpResponse } from '../server/httpConnection';
import { acknowledgedId, requireAccepted, ShortWorkload } from '../server/workload';

export interface Tally {
  requests: number;
  serverErrors: number;
  firstServerError: string | null;
  /** Changes refused because the host's disk was full (507), which the soak fills on purpose. */
  diskFull: number;
  /** Requests whose connection the host's kill cut: the client never learnt their outcome. */
  cutOff: number;
  /** Times the client found its event queue gone and registered again. */
  registeredAgain: number;
}

export const emptyTally = (): Tally => ({
  requests: 0,
  serverErrors: 0,
  firstServerError: null,
  diskFull: 0,
  cutOff: 0,
  registeredAgain: 0,
});

/** The tallies of many clients, added up. */
export const addTallies = (tallies: readonly Tally[]): Tally =>
  tallies.reduce(
    (total, tally) => ({
      requests: total.requests + tally.requests,
      serverErrors: total.serverErrors + tally.serverErrors,
      firstServerError: total.firstServerError ?? tally.firstServerError,
      diskFull: total.diskFull + tally.diskFull,
      cutOff: total.cutOff + tally.cutOff,
      registeredAgain: total.registeredAgain + tally.registeredAgain,
    }),
    emptyTally(),
  );

// While the host is down (killed, starting again) a client tries to connect
// this often, for at most this long.
const RECONNECT_EVERY_MS = 250;
const RECONNECT_LIMIT_MS = 120_000;
// Messages a catch-up asks for at a time.
const CATCH_UP_PAGE = 1_000;

/**
 * One person's Hearth during the soak: a long-poll on its own connection,
 * collecting the message IDs its queue brings, and on another connection a
 * mix of what a person does, about once a second. An answer 5xx is what the
 * soak looks for and is counted; a refusal (4xx) means the traffic is not
 * the mix the soak's figures name, and stops it, naming `figure`. Like a
 * person's app, it connects again when the host is killed, and registers
 * again and catches up when its queue is gone.
 */
export class SoakClient {
  /** Message IDs in the order the event queue (or a catch-up) brought them. */
  readonly arrived: number[] = [];
  readonly #arrivedIds = new Set<number>();
  #newestArrived: number | null = null;
  /** Stream messages this client sent and the server acknowledged. */
  readonly sentToStream: number[] = [];
  /** Direct messages it sent, with their recipient. */
  readonly sentDirect: { id: number; to: number }[] = [];
  readonly tally = emptyTally();
  #running = true;

  private constructor(
    readonly user: Credentials,
    private readonly url: string,
    private readonly figure: string,
    private actions: HttpConnection,
    private events: HttpConnection,
    private queue: Registration,
  ) {}

  static async open(url: string, user: Credentials, figure: string): Promise<SoakClient> {
    const actions = await HttpConnection.open(url, user.authorization);
    const events = await HttpConnection.open(url, user.authorization);
    const queue = await register(actions, figure);
    return new SoakClient(user, url, figure, actions, events, queue);
  }

  /** Polls until `stop`, then until `drained` says the queue has brought all it should. */
  async poll(drained: () => boolean): Promise<void> {
    while (this.#running || !drained()) {
      const response = await this.#poll();
      if (response === null) continue;
      if (isQueueGone(response)) {
        await this.#registerAgain();
        continue;
      }
      if (response.status !== 200) {
        await pause(100);
        continue;
      }
      const { events } = JSON.parse(response.body) as {
        events: { id: number; type: string; message?: { id: number } }[];
      };
      for (const event of events) {
        this.queue.lastEventId = Math.max(this.queue.lastEventId, event.id);
        if (event.type === 'message' && event.message) this.#arrive(event.message.id);
      }
      // A person's window reads its events in batches, not a poll per event.
      await pause(this.#running ? 400 : 100);
    }
  }

  /** Does something every `everyMs` (with jitter) until `stop`. */
  async act(
    stream: { name: string; id: number },
    others: readonly Credentials[],
    everyMs: number,
  ): Promise<void> {
    for (let n = 0; this.#running; n += 1) {
      await pause(everyMs * (0.5 + Math.random()));
      if (!this.#running) return;
      const roll = Math.random();
      if (roll < 0.4) {
        const id = await this.#sendMessage({
          type: 'stream',
          to: stream.name,
          topic: `soak ${n % 7}`,
          content: `${this.user.email} #${n}`,
        });
        if (id !== null) this.sentToStream.push(id);
      } else if (roll < 0.55) {
        const other = others[Math.floor(Math.random() * others.length)];
        if (!other) continue;
        const id = await this.#sendMessage({
          type: 'private',
          to: JSON.stringify([other.id]),
          content: `to ${other.email} #${n}`,
        });
        if (id !== null) this.sentDirect.push({ id, to: other.id });
      } else if (roll < 0.75) {
        const narrow = JSON.stringify([{ operator: 'stream', operand: stream.name }]);
        await this.#act({
          method: 'GET',
          path: `/api/v1/messages?${new URLSearchParams({ anchor: 'newest', num_before: '20', num_after: '0', narrow })}`,
        });
      } else if (roll < 0.85) {
        await this.#act({ method: 'GET', path: '/api/v1/users/me' });
      } else if (roll < 0.95) {
        await this.#act({
          method: 'POST',
          path: '/api/v1/mark_stream_as_read',
          body: `stream_id=${stream.id}`,
        });
      } else {
        await this.#act({
          method: 'POST',
          path: '/api/v1/typing',
          body: new URLSearchParams({
            op: 'start',
            type: 'stream',
            // Zulip 12 names the channel by stream_id alone (feature level 215).
            stream_id: String(stream.id),
            topic: 'soak 0',
          }).toString(),
        });
      }
    }
  }

  hasReceived(id: number): boolean {
    return this.#arrivedIds.has(id);
  }

  stop(): void {
    this.#running = false;
  }

  close(): void {
    this.actions.close();
    this.events.close();
  }

  #arrive(id: number): void {
    this.arrived.push(id);
    this.#arrivedIds.add(id);
    this.#newestArrived = Math.max(this.#newestArrived ?? id, id);
  }

  /** One poll of the queue; null if the host's kill cut it, after connecting again. */
  #poll(): Promise<HttpResponse | null> {
    const request: HttpRequest = {
      method: 'GET',
      path: `/api/v1/events?${new URLSearchParams({
        queue_id: this.queue.id,
        last_event_id: String(this.queue.lastEventId),
        dont_block: String(!this.#running),
      })}`,
    };
    return this.#sendOrReconnect('events', request);
  }

  /**
   * As an app whose queue is gone: a new queue, then the messages that came
   * between the last one it saw and the new queue's start, which the new
   * queue will not bring.
   */
  async #registerAgain(): Promise<void> {
    this.tally.registeredAgain += 1;
    this.queue = await register(this.events, this.figure);
    let anchor = this.#newestArrived === null ? 'oldest' : String(this.#newestArrived);
    for (;;) {
      const page = await this.#send(this.events, {
        method: 'GET',
        path: `/api/v1/messages?${new URLSearchParams({
          anchor,
          include_anchor: 'false',
          num_before: '0',
          num_after: String(CATCH_UP_PAGE),
          narrow: '[]',
        })}`,
      });
      const { messages, found_newest: foundNewest } = JSON.parse(page.body) as {
        messages: { id: number }[];
        found_newest: boolean;
      };
      const before = messages.filter((message) => message.id <= this.queue.maxMessageId);
      for (const message of before) this.#arrive(message.id);
      const last = messages.at(-1)?.id;
      if (foundNewest || last === undefined || last >= this.queue.maxMessageId) return;
      anchor = String(last);
    }
  }

  /** A message sent; its ID, or null if the host did not take it (5xx, a cut connection). */
  async #sendMessage(params: Record<string, string>): Promise<number | null> {
    const response = await this.#act({
      method: 'POST',
      path: '/api/v1/messages',
      body: new URLSearchParams(params).toString(),
    });
    if (response === null || response.status >= 500) return null;
    return acknowledgedId(this.figure, response);
  }

  /** One action; null if the host's kill cut it, after connecting again. */
  #act(request: HttpRequest): Promise<HttpResponse | null> {
    return this.#sendOrReconnect('actions', request);
  }

  /** One request on `connection`; null if the host's kill cut it, after connecting again. */
  async #sendOrReconnect(
    connection: 'actions' | 'events',
    request: HttpRequest,
  ): Promise<HttpResponse | null> {
    try {
      return await this.#send(this[connection], request);
    } catch (error) {
      if (error instanceof ShortWorkload) throw error;
      this.tally.cutOff += 1;
      this[connection] = await reconnect(this.url, this.user.authorization);
      return null;
    }
  }

  /** One request, counted: a 5xx is tallied, a refusal stops the soak. */
  async #send(connection: HttpConnection, request: HttpRequest): Promise<HttpResponse> {
    this.tally.requests += 1;
    const response = await connection.request(request);
    if (response.status === 507) {
      this.tally.diskFull += 1;
      return response;
    }
    if (response.status >= 500) {
      this.tally.serverErrors += 1;
      this.tally.firstServerError ??= `${request.method} ${request.path}: ${response.status} ${response.body.slice(0, 200)}`;
      return response;
    }
    if (isQueueGone(response)) return response;
    requireAccepted(this.figure, `${request.method} ${request.path.split('?')[0] ?? ''}`, response);
    return response;
  }
}

interface Registration {
  id: string;
  lastEventId: number;
  /** The newest message the client could see when the queue began: later ones come as events. */
  maxMessageId: number;
}

async function register(connection: HttpConnection, figure: string): Promise<Registration> {
  const registered = await connection.request({
    method: 'POST',
    path: '/api/v1/register',
    body: new URLSearchParams({ event_types: JSON.stringify(['message']) }).toString(),
  });
  requireAccepted(figure, 'POST /register', registered);
  const body = JSON.parse(registered.body) as {
    queue_id: string;
    last_event_id: number;
    max_message_id: number;
  };
  return { id: body.queue_id, lastEventId: body.last_event_id, maxMessageId: body.max_message_id };
}

const isQueueGone = (response: HttpResponse): boolean =>
  response.status === 400 && response.body.includes('"BAD_EVENT_QUEUE_ID"');

/** A new connection once the host takes one again. */
async function reconnect(url: string, authorization: string): Promise<HttpConnection> {
  const giveUpAt = Date.now() + RECONNECT_LIMIT_MS;
  for (;;) {
    try {
      return await HttpConnection.open(url, authorization);
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await pause(RECONNECT_EVERY_MS);
    }
  }
}
