import type { Socket } from 'node:net';
import type { HangUp } from '../events/queues';

// A client hangs up by closing its connection, so one 'close' listener per
// connection serves every request on it. A waiting poll then costs a set entry
// where an AbortSignal listener cost it a listener object each time.
class ConnectionHangUp implements HangUp {
  readonly #listeners = new Set<() => void>();
  #closed: boolean;

  constructor(socket: Socket) {
    this.#closed = socket.destroyed;
    socket.once('close', () => {
      this.#closed = true;
      this.#listeners.forEach((listener) => listener());
    });
  }

  // A request that waited for its turn may find its client already gone.
  onHangUp(listener: () => void): () => void {
    if (this.#closed) {
      queueMicrotask(listener);
      return () => undefined;
    }
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

const hangUps = new WeakMap<Socket, ConnectionHangUp>();

/** Tells the requests on `socket` when their client hangs up. */
export function hangUpOf(socket: Socket): HangUp {
  let hangUp = hangUps.get(socket);
  if (!hangUp) {
    hangUp = new ConnectionHangUp(socket);
    hangUps.set(socket, hangUp);
  }
  return hangUp;
}
