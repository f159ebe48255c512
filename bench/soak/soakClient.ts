import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest, type HttpResponse } from '../server/httpConnection';
import { acknowledgedId, requireAccepted } from '../server/workload';

export interface Tally {
  requests: number;
  serverErrors: number;
  firstServerError: string | null;
}

export const emptyTally = (): Tally => ({
  requests: 0,
  serverErrors: 0,
  firstServerError: null,
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One person's Hearth during the soak: a long-poll on its own connection,
 * collecting the message IDs its queue brings, and on another connection a
 * mix of what a person does, about once a second. An answer 5xx is what the
 * soak looks for and is counted; a refusal (4xx) means the traffic is not
 * the mix the soak's figures name, and stops it, naming `figure`.
 */
export class SoakClient {
  /** Message IDs in the order the event queue brought them. */
  readonly arrived: number[] = [];
  readonly #arrivedIds = new Set<number>();
  /** Stream messages this client sent and the server acknowledged. */
  readonly sentToStream: number[] = [];
  /** Direct messages it sent, with their recipient. */
  readonly sentDirect: { id: number; to: number }[] = [];
  readonly tally = emptyTally();
  #running = true;

  private constructor(
    readonly user: Credentials,
    private readonly figure: string,
    private readonly actions: HttpConnection,
    private readonly events: HttpConnection,
    private readonly queueId: string,
  ) {}

  static async open(url: string, user: Credentials, figure: string): Promise<SoakClient> {
    const actions = await HttpConnection.open(url, user.authorization);
    const events = await HttpConnection.open(url, user.authorization);
    const registered = await actions.request({
      method: 'POST',
      path: '/api/v1/register',
      body: new URLSearchParams({ event_types: JSON.stringify(['message']) }).toString(),
    });
    requireAccepted(figure, 'POST /register', registered);
    const { queue_id: queueId } = JSON.parse(registered.body) as { queue_id: string };
    return new SoakClient(user, figure, actions, events, queueId);
  }

  /** Polls until `stop`, then until `drained` says the queue has brought all it should. */
  async poll(drained: () => boolean): Promise<void> {
    let lastEventId = -1;
    while (this.#running || !drained()) {
      const response = await this.#send(this.events, {
        method: 'GET',
        path: `/api/v1/events?${new URLSearchParams({
          queue_id: this.queueId,
          last_event_id: String(lastEventId),
          dont_block: String(!this.#running),
        })}`,
      });
      if (response.status !== 200) continue;
      const { events } = JSON.parse(response.body) as {
        events: { id: number; type: string; message?: { id: number } }[];
      };
      for (const event of events) {
        lastEventId = Math.max(lastEventId, event.id);
        if (event.type === 'message' && event.message) {
          this.arrived.push(event.message.id);
          this.#arrivedIds.add(event.message.id);
        }
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
        await this.#send(this.actions, {
          method: 'GET',
          path: `/api/v1/messages?${new URLSearchParams({ anchor: 'newest', num_before: '20', num_after: '0', narrow })}`,
        });
      } else if (roll < 0.85) {
        await this.#send(this.actions, { method: 'GET', path: '/api/v1/users/me' });
      } else if (roll < 0.95) {
        await this.#send(this.actions, {
          method: 'POST',
          path: '/api/v1/mark_stream_as_read',
          body: `stream_id=${stream.id}`,
        });
      } else {
        await this.#send(this.actions, {
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

  /** A message sent; its ID, or null if the host failed it (5xx, counted). */
  async #sendMessage(params: Record<string, string>): Promise<number | null> {
    const response = await this.#send(this.actions, {
      method: 'POST',
      path: '/api/v1/messages',
      body: new URLSearchParams(params).toString(),
    });
    return response.status >= 500 ? null : acknowledgedId(this.figure, response);
  }

  /** One request, counted: a 5xx is tallied, a refusal stops the soak. */
  async #send(connection: HttpConnection, request: HttpRequest): Promise<HttpResponse> {
    this.tally.requests += 1;
    const response = await connection.request(request);
    if (response.status >= 500) {
      this.tally.serverErrors += 1;
      this.tally.firstServerError ??= `${request.method} ${request.path}: ${response.status} ${response.body.slice(0, 200)}`;
      return response;
    }
    requireAccepted(this.figure, `${request.method} ${request.path.split('?')[0] ?? ''}`, response);
    return response;
  }
}
