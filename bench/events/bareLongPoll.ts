// The baseline for delivery: a bare node:http long-poll server. GET /poll
// waits; POST /send is acknowledged, then every waiting poll is answered with
// the posted event, as GET /events answers with a message event. The host
// acknowledges a send before its pollers' answers go out too, so both are
// timed alike. No authentication, no queues, no store. GET /memory and
// GET /loop report on the process as the host's probe does; its one argument
// is the glibc malloc addon.
import { createServer, type ServerResponse } from 'node:http';
import { serveUntilStopped } from '../server/childEntry';
import { startProcessProbe } from './processProbe';

const probe = startProcessProbe(process.argv[2]);
const waiting = new Map<ServerResponse, string>();
let nextEventId = 0;

function answer(response: ServerResponse, body: object): void {
  response.setHeader('Content-Type', 'application/json');
  response.end(JSON.stringify(body));
}

function send(body: string, response: ServerResponse): void {
  const event = JSON.parse(body) as object;
  const id = nextEventId++;
  const polls = [...waiting];
  waiting.clear();
  answer(response, { result: 'success', msg: '', id });
  for (const [poll, queueId] of polls) {
    answer(poll, { result: 'success', msg: '', events: [{ ...event, id }], queue_id: queueId });
  }
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://bare');
  if (url.pathname === '/memory') {
    void probe.memory().then((memory) => answer(response, memory));
    return;
  }
  if (url.pathname === '/loop') return answer(response, probe.loop());
  if (request.method === 'GET') {
    waiting.set(response, url.searchParams.get('queue_id') ?? '');
    response.on('close', () => waiting.delete(response));
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => send(Buffer.concat(chunks).toString('utf8'), response));
});
serveUntilStopped(server);
