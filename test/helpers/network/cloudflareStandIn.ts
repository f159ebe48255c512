import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BindServer } from './bindServer';

// Cloudflare's DNS API cannot be reached from here: this stands in for the
// part of it the host uses (zones by name; listing, creating and deleting a
// zone's records; a bearer token), answering in Cloudflare's envelope, and
// makes each change in a real DNS server through Debian's nsupdate, so that
// pebble sees the challenge's record and the tests see the addresses.

export interface CloudflareStandIn {
  /** The API's base, as `apiUrl` takes it. */
  apiUrl: string;
  token: string;
  /** Every request, as `METHOD /path`, in order. */
  requests: string[];
  /** Makes the next change be refused with Cloudflare's words for a rate limit. */
  refuseNextChange(): void;
  close(): Promise<void>;
}

interface StoredRecord {
  id: string;
  type: string;
  name: string;
  content: string;
  ttl: number;
}

const ZONE_ID = '023e105f4ecef8ad9ca31a8372d0c353';

function nsupdate(bind: BindServer, lines: string[]): Promise<void> {
  const script = [`server 127.0.0.1 ${bind.port}`, `zone ${bind.zone}`, ...lines, 'send', ''].join(
    '\n',
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      'nsupdate',
      ['-y', `${bind.key.algorithm}:${bind.key.name}:${bind.key.secret}`],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`nsupdate failed (${code}): ${said}`)),
    );
    child.stdin.end(script);
  });
}

const rdata = (record: Pick<StoredRecord, 'type' | 'content'>) =>
  record.type === 'TXT' ? JSON.stringify(record.content) : record.content;

const envelope = (result: unknown) => ({ success: true, errors: [], messages: [], result });
const refusal = (code: number, message: string) => ({
  success: false,
  errors: [{ code, message }],
  messages: [],
  result: null,
});

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? null : JSON.parse(Buffer.concat(chunks).toString());
}

/** A stand-in for Cloudflare's API over `bind`'s zone, on loopback. */
export async function startCloudflareStandIn(bind: BindServer): Promise<CloudflareStandIn> {
  const token = randomBytes(20).toString('base64url');
  const records: StoredRecord[] = [];
  const requests: string[] = [];
  let refuseNext = false;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}`);
    if (request.headers.authorization !== `Bearer ${token}`) {
      send(response, 403, refusal(10000, 'Authentication error'));
      return;
    }
    const path = url.pathname.replace(/^\/client\/v4/, '');
    if (request.method === 'GET' && path === '/zones') {
      const name = url.searchParams.get('name');
      const zones = name === bind.zone ? [{ id: ZONE_ID, name: bind.zone }] : [];
      send(response, 200, envelope(zones));
      return;
    }
    const recordsPath = /^\/zones\/([^/]+)\/dns_records(?:\/([^/]+))?$/.exec(path);
    if (!recordsPath || recordsPath[1] !== ZONE_ID) {
      send(response, 404, refusal(7003, 'Could not route to the requested path'));
      return;
    }
    const id = recordsPath[2];
    if (request.method === 'GET' && id === undefined) {
      const type = url.searchParams.get('type');
      const name = url.searchParams.get('name');
      send(
        response,
        200,
        envelope(
          records.filter(
            (record) => (!type || record.type === type) && (!name || record.name === name),
          ),
        ),
      );
      return;
    }
    if (refuseNext && request.method !== 'GET') {
      refuseNext = false;
      send(response, 429, refusal(971, 'Please wait and consider throttling your request speed'));
      return;
    }
    if (request.method === 'POST' && id === undefined) {
      const body = (await bodyOf(request)) as Omit<StoredRecord, 'id'>;
      const record = { ...body, id: randomBytes(16).toString('hex') };
      await nsupdate(bind, [
        `update add ${record.name}. ${record.ttl} ${record.type} ${rdata(record)}`,
      ]);
      // Cloudflare keeps TXT content quoted, as a zone file writes it.
      records.push(record.type === 'TXT' ? { ...record, content: rdata(record) } : record);
      send(response, 200, envelope(record));
      return;
    }
    if (request.method === 'DELETE' && id !== undefined) {
      const index = records.findIndex((record) => record.id === id);
      const record = records[index];
      if (!record) {
        send(response, 404, refusal(81044, 'Record does not exist.'));
        return;
      }
      await nsupdate(bind, [
        `update delete ${record.name}. ${record.type} ${record.type === 'TXT' ? record.content : rdata(record)}`,
      ]);
      records.splice(index, 1);
      send(response, 200, envelope({ id }));
      return;
    }
    send(response, 405, refusal(10405, 'Method not allowed'));
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) =>
      send(response, 500, refusal(10001, (error as Error).message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/client/v4`,
    token,
    requests,
    refuseNextChange: () => (refuseNext = true),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
