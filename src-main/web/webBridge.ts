import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BridgeService } from '../../src-preload/bridge';
import { contentSecurityPolicy } from '../desktop/contentSecurityPolicy';
import { createBridgeSocket } from './bridgeSocket';
import { serveStatic } from './staticFiles';
import { hostPort } from '../wire/hostPort';

export interface WebBridgeOptions {
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  service: BridgeService;
  /** Origins message HTML may show images from: the chat server's. */
  imageOrigins?: readonly string[];
  host?: string;
  port?: number;
}

export interface WebBridge {
  /** Open this in a browser: the page, with the bridge token in its fragment. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer to a plain browser and implements the ChatBridge for
 * it over a WebSocket: how the real UI runs in Chromium, where Electron cannot.
 */
export async function startWebBridge(options: WebBridgeOptions): Promise<WebBridge> {
  const root = resolve(options.rendererDir);
  const token = randomBytes(24).toString('base64url');
  // The Electron window's own policy, so a page that works here works there.
  const csp = contentSecurityPolicy({ imageOrigins: options.imageOrigins ?? [] });
  let origin = '';
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    void serveStatic(root, path, response, csp);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', done);
  });
  const { address, port } = server.address() as AddressInfo;
  origin = `http://${hostPort(address, port)}`;
  const socket = createBridgeSocket(options.service, origin, token);
  server.on('upgrade', (request, stream, head) => socket.handleUpgrade(request, stream, head));

  return {
    url: `${origin}/#token=${token}`,
    close: async () => {
      socket.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
