import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { timingSafeEqual } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { z } from 'zod';
import { invokeBridgeCall, type BridgeService, type WsFrame } from '../../src-preload/bridge';

const requestSchema = z.object({ id: z.number().int(), method: z.string(), args: z.unknown() });

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The WebSocket twin of the Electron IPC handlers: the same contract, the same
 * validation. Only a page of our own origin holding the token may connect, so
 * another site open in the same browser cannot drive the account.
 */
export function createBridgeSocket(service: BridgeService, origin: string, token: string) {
  const sockets = new WebSocketServer({ noServer: true });

  sockets.on('connection', (socket: WebSocket) => {
    const send = (frame: WsFrame): void => socket.send(JSON.stringify(frame));
    const unsubscribe = service.subscribe((event, payload) => send({ event, payload }));
    socket.on('close', unsubscribe);
    socket.on('message', async (data) => {
      const request = requestSchema.safeParse(safeJson(data.toString()));
      if (!request.success) return socket.close(1008, 'malformed bridge frame');
      const { id, method, args } = request.data;
      try {
        send({ id, ok: true, result: await invokeBridgeCall(service, method, args) });
      } catch (error) {
        send({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
      const url = new URL(request.url ?? '/', origin);
      const allowed =
        url.pathname === '/bridge' &&
        request.headers.origin === origin &&
        sameSecret(url.searchParams.get('token') ?? '', token);
      if (!allowed) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws));
    },
    close(): void {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
