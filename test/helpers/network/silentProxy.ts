import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';

/**
 * A TCP relay on loopback in front of one server that can fall silent as a
 * dead link does: while silent it keeps accepting connections and keeps
 * every one open, but carries nothing either way, so requests neither fail
 * nor get an answer. A server that slept, or a route that drops packets,
 * looks like this from a client; a refusal does not. What was sent
 * meanwhile is held and carried once it speaks again, as TCP's
 * retransmissions deliver it when a link comes back.
 */
export interface SilentProxy {
  /** http://127.0.0.1:<port>, to join the server by. */
  url: string;
  silence(): void;
  speak(): void;
  /** How many bytes were held while silent: the clients did ask. */
  readonly held: number;
  /** Refuses from now on: what it held is dropped and every connection reset. */
  close(): Promise<void>;
}

export async function startSilentProxy(target: string): Promise<SilentProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const waiting: (() => void)[] = [];
  let silent = false;
  let held = 0;
  const carry = (to: Socket, chunk: Buffer) => {
    if (!silent) {
      to.write(chunk);
      return;
    }
    held += chunk.length;
    waiting.push(() => to.write(chunk));
  };
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => carry(to, chunk));
    from.on('end', () => (silent ? waiting.push(() => to.end()) : to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    silence: () => {
      silent = true;
    },
    speak: () => {
      silent = false;
      for (const deliver of waiting.splice(0)) deliver();
    },
    get held() {
      return held;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return;
      server.close();
      await once(server, 'close');
    },
  };
}
