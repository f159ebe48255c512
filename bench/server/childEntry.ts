import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Announces a bench child's address on stdout, where `childServer` waits for
 * it, and shuts the server down on SIGTERM.
 */
export function serveUntilStopped(server: Server, onClose: () => void = () => undefined): void {
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`listening at http://127.0.0.1:${port}`);
  });
  process.once('SIGTERM', () => {
    server.close(() => {
      onClose();
      process.exit(0);
    });
    server.closeAllConnections();
  });
}
