import type { Socket } from 'node:net';
import type { HangUp } from '../events/queues';

// A client hangs up by closing its connection, so one 'close' listener per
// connection serves every request on it. A waiting poll then costs a slot
// where an AbortSignal listener cost it a listener object each time.
class ConnectionHangUp implements HangUp {
  // One request at a time is the rule on a connection, so the first listener
  // has a field of its own: a set emptied after every poll rebuilt its table
  // each time, garbage that outlived the poll's young generation.
  #first: (() => void) | undefined;
  // Pipelined requests, which may wait side by side.
  #others: Set<() => void> | undefined;
  #closed: boolean;

  constructor(socket: Socket) {
    this.#closed = socket.destroyed;
    socket.once('close', () => {
      this.#closed = true;
      this.#first?.();
      this.#others?.forEach((listener) => listener());
    });
  }

  // A request that waited for its turn may find its client already gone.
  onHangUp(listener: () => void): () => void {
    if (this.#closed) {
      queueMicrotask(listener);
      return () => undefined;
    }
    if (this.#first === undefined) {
      this.#first = listener;
      return () => {
        if (this.#first === listener) this.#first = undefined;
      };
    }
    const others = (this.#others ??= new Set());
    others.add(listener);
    return () => others.delete(listener);
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
