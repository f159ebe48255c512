import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A bare ceiling's server: node:http, or node:https with the certificate in
 * `tlsDir` (the TLS host's own) to measure against the host over TLS.
 */
export function benchServer(handler: RequestListener, tlsDir?: string): Server | HttpsServer {
  if (tlsDir === undefined) return createHttpServer(handler);
  const read = (name: string) => readFileSync(join(tlsDir, name));
  return createHttpsServer(
    { cert: read('certificate.pem'), key: read('private-key.pem') },
    handler,
  );
}

/**
 * Announces a bench child's address on stdout, where `childServer` waits for
 * it, and shuts the server down on SIGTERM.
 */
export function serveUntilStopped(
  server: Server | HttpsServer,
  onClose: () => void = () => undefined,
): void {
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    const scheme = server instanceof HttpsServer ? 'https' : 'http';
    console.log(`listening at ${scheme}://127.0.0.1:${port}`);
  });
  process.once('SIGTERM', () => {
    server.close(() => {
      onClose();
      process.exit(0);
    });
    server.closeAllConnections();
  });
}
