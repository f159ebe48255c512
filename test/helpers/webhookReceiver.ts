import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  /** The path posted to: tests give each bot a path of its own. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers: a status and a body, or nothing at all (a server that hangs). */
export type Answer = { status: number; body: string } | 'hang';

/** A bot's server on loopback, as an outgoing webhook meets one. */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** How the next requests are answered; `{}` as JSON with status 200 until told. */
  answerWith(answer: Answer | ((request: ReceivedRequest) => Answer)): void;
  /** The requests posted to `path`, once there are `count` of them. */
  waitFor(path: string, count: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export const json = (value: unknown, status = 200): Answer => ({
  status,
  body: JSON.stringify(value),
});

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let answer: (request: ReceivedRequest) => Answer = () => json({});
  let waiters: { path: string; count: number; resolve: () => void }[] = [];
  const to = (path: string) => received.filter((entry) => entry.path === path);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      waiters = waiters.filter((waiter) => {
        if (to(waiter.path).length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      const answered = answer(entry);
      if (answered === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answered.status, { 'Content-Type': 'application/json' });
      response.end(answered.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith(next) {
      answer = typeof next === 'function' ? next : () => next;
    },
    async waitFor(path, count) {
      if (to(path).length < count) {
        await new Promise<void>((resolve) => waiters.push({ path, count, resolve }));
      }
      return to(path).slice(0, count);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
