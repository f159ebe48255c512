import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listener on loopback that payloads try to load from; it must never be asked for anything. */
export interface Canary {
  /** Its origin, without a trailing slash. */
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
