import { randomUUID } from 'node:crypto';
import type { Api } from '../api';
import type { Cache } from '../cache/accountCache';
import type { OutboxDestination, OutboxEntry } from '../cache/outbox';
import { backoffDelay, defaultBackoff } from '../backoff';
import { Emitter } from '../emitter';
import { ApiError } from '../api/errors';
import { findEarlierSend } from './earlierSend';

/** The part of a Session the outbox sends through. */
export interface OutboxLink {
  readonly api: Api;
  /** The account's own email: earlier sends are looked for among its messages. */
  readonly email: string;
  readonly queueId: string | undefined;
  readonly online: boolean;
}

export interface OutboxEvents {
  /** The entries changed: added, sending, failed, sent or discarded. */
  change: undefined;
}

/**
 * Messages waiting to be sent, kept in the account's cache before the window
 * shows them, so they survive a restart. They are sent one at a time in the
 * order written, each naming the event queue and a local ID so that the
 * server's copy replaces the local echo. An attempt whose outcome is unknown
 * (the network failed mid-request, or the app died) is looked for among the
 * user's own messages before it is sent again: nothing is sent twice.
 */
export class Outbox {
  readonly #cache: Cache;
  readonly #link: OutboxLink;
  readonly #log: (line: string) => void;
  readonly #events: Emitter<OutboxEvents>;
  #flushing: Promise<void> | null = null;
  #again = false;
  #closed = false;
  /** Server errors in a row, for how long to wait before the next try. */
  #serverErrors = 0;

  constructor(cache: Cache, link: OutboxLink, log: (line: string) => void) {
    this.#cache = cache;
    this.#link = link;
    this.#log = log;
    this.#events = new Emitter((error) => log(`outbox listener failed: ${String(error)}`));
  }

  on<E extends keyof OutboxEvents>(event: E, listener: (payload: OutboxEvents[E]) => void) {
    return this.#events.on(event, listener);
  }

  /** Stores the message, then starts sending; resolves with the stored entry, the local echo. */
  add(destination: OutboxDestination, content: string): OutboxEntry {
    const localId = randomUUID();
    this.#cache.outbox.add({ localId, destination, content, createdAt: Date.now() });
    this.#changed();
    this.flush();
    const entry = this.#cache.outbox.entries().find((candidate) => candidate.localId === localId);
    if (!entry) throw new Error(`outbox entry ${localId} vanished as it was written`);
    return entry;
  }

  /** Sends a failed entry again. */
  retry(localId: string): void {
    if (this.#cache.outbox.requeue(localId)) {
      this.#changed();
      this.flush();
    }
  }

  /** Forgets an entry that has not gone out. */
  discard(localId: string): void {
    if (this.#cache.outbox.discard(localId)) this.#changed();
  }

  /**
   * The server's copies of these messages are in the cache now: their local
   * echoes go. Matched by the local ID the message event carries, or by the
   * ID the send answered.
   */
  delivered(localIds: readonly string[], messageIds: readonly number[]): void {
    const ids = new Set(messageIds);
    let removed = false;
    for (const entry of this.#cache.outbox.entries()) {
      const echoed =
        localIds.includes(entry.localId) || (entry.messageId !== null && ids.has(entry.messageId));
      if (echoed) removed = this.#cache.outbox.remove(entry.localId) || removed;
    }
    if (removed) this.#changed();
  }

  /** Sends what waits, if the server answers; called again whenever the link comes back. */
  flush(): void {
    if (this.#closed) return;
    if (this.#flushing) {
      this.#again = true;
      return;
    }
    this.#flushing = this.#sendAll().finally(() => {
      this.#flushing = null;
      if (this.#again) {
        this.#again = false;
        this.flush();
      }
    });
  }

  /** Waits for sends in flight; nothing new starts. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
  }

  async #sendAll(): Promise<void> {
    for (const entry of this.#cache.outbox.entries()) {
      if (this.#closed || !this.#link.online) return;
      if (entry.state !== 'pending' && entry.state !== 'sending') continue;
      const outcome = await this.#send(entry);
      if (outcome === 'unreachable') return;
    }
  }

  async #send(entry: OutboxEntry): Promise<'done' | 'unreachable'> {
    const { destination } = entry;
    const cache = this.#cache.outbox;
    try {
      // A previous attempt may have reached the server before the link or the app died.
      if (entry.attempts > 0 && entry.lastError === null) {
        const earlier = await findEarlierSend(this.#link.api, this.#link.email, entry);
        if (earlier !== null) {
          cache.markSent(entry.localId, earlier);
          this.#changed();
          return 'done';
        }
      }
      cache.markSending(entry.localId, Date.now());
      this.#changed();
      const messageId = await this.#link.api.sendMessage({
        to:
          destination.type === 'stream'
            ? { streamId: destination.streamId, topic: destination.topic }
            : { userIds: destination.userIds },
        content: entry.content,
        ...(this.#link.queueId === undefined
          ? {}
          : { queueId: this.#link.queueId, localId: entry.localId }),
      });
      cache.markSent(entry.localId, messageId);
      this.#serverErrors = 0;
      this.#changed();
      return 'done';
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMIT_HIT') {
        cache.unsend(entry.localId);
        this.#retryIn((error.retryAfterSeconds ?? 1) * 1000);
        return 'unreachable';
      }
      if (error instanceof ApiError && error.status < 500) {
        cache.markFailed(entry.localId, error.message);
        this.#changed();
        return 'done';
      }
      // Unknown outcome: it stays queued, and is looked for before it is sent again.
      cache.unsend(entry.localId);
      this.#changed();
      this.#log(`could not send ${entry.localId} yet: ${String(error)}`);
      // A server that answered with an error of its own (its disk full, say)
      // stays connected, so no reconnection will flush again: a timer does,
      // backing off. One that did not answer is flushed when the link is back.
      if (error instanceof ApiError) {
        this.#retryIn(backoffDelay(defaultBackoff, this.#serverErrors));
        this.#serverErrors += 1;
      }
      return 'unreachable';
    }
  }

  #retryIn(ms: number): void {
    const timer = setTimeout(() => this.flush(), ms);
    timer.unref();
  }

  #changed(): void {
    this.#events.emit('change', undefined);
  }
}
