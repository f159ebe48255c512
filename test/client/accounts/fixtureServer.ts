import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface Answer {
  status: number;
  /** Sent as JSON unless a string, which is sent as it is. */
  body: unknown;
  headers?: Record<string, string>;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  /** The query string's parameters, as a GET sends them. */
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FixtureServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** A JSON fixture holding the values of an example in Zulip's published API documentation. */
export const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8'));

/**
 * A stand-in for a Zulip server on 127.0.0.1, since a real one cannot run here:
 * answers `"METHOD /api/v1/path"` with the given answer and 404 otherwise.
 */
export async function startFixtureServer(
  answers: Readonly<Record<string, Answer>>,
): Promise<FixtureServer> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixture');
      const path = url.pathname;
      const method = request.method ?? 'GET';
      received.push({
        method,
        path,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const answer = answers[`${method} ${path}`] ?? {
        status: 404,
        body: '<html><body>Not found</body></html>',
        headers: { 'content-type': 'text/html' },
      };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Zulip's published server settings, as a server of the given feature level would send them. */
export const serverSettingsAt = (featureLevel: number): Answer => ({
  status: 200,
  body: { ...fixture('server-settings'), zulip_feature_level: featureLevel },
});
