import { request } from 'node:https';
import { createServer, type Server } from 'node:net';

/** GET over HTTPS trusting only `ca`, with the URL's host checked against the certificate. */
export function getTrusting(url: string, ca: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Holds a free port on `address`, as another program would. */
export const occupyPort = (address: string): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen({ host: address, port: 0 }, () => resolve(server));
  });

export const portOf = (server: Server): number => (server.address() as { port: number }).port;

export const release = (server: Server): Promise<void> =>
  new Promise((done) => server.close(() => done()));
