import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApi } from '../../src-main/client/api';
import { openCache } from '../../src-main/client/cache/openCache';
import { catchUp } from '../../src-main/client/session/catchUp';
import { startChildServer } from '../server/childServer';
import { acknowledgedId, requireAccepted, requireAll } from '../server/workload';
import { median } from '../server/percentiles';
import { HOST_NODE_FLAGS } from '../../src-main/desktop/hostHeap';

export interface CatchUpFigures {
  hearthMs: number;
  rawMs: number;
  /** The median of each round's catch-up over the same round's raw pages (bench/server/rounds.ts says why). */
  ratio: number;
  messages: number;
}

const pageSize = 1000;
const senders = 8;

/** The figure the catch-up bench prints, named in its stops too. */
export const catchUpFigure = (count: number) =>
  `catch up ${count.toLocaleString('en')} missed messages`;

/** The owner a bench host wrote to its zuliprc. */
async function credentialsOf(dataDir: string) {
  const rc = await readFile(join(dataDir, 'zuliprc'), 'utf8');
  const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
  return { email: value('email'), apiKey: value('key') };
}

/**
 * A host in its own process on a fresh data folder, without rate limits
 * (the figures are the client's, not the limiter's), and its owner.
 */
export async function benchHost(hostScript: string, name: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `hearth-bench-${name}-`));
  const host = await startChildServer(
    hostScript,
    ['--port', '0', '--data-dir', dataDir, '--no-rate-limits'],
    HOST_NODE_FLAGS,
  );
  return { host, dataDir, owner: await credentialsOf(dataDir) };
}

export const authorizationOf = ({ email, apiKey }: { email: string; apiKey: string }) =>
  `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;

/** One stream message, which the host must acknowledge with its ID. */
async function post(url: string, authorization: string, content: string, figure: string) {
  const response = await fetch(`${url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization },
    body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'catching up', content }),
  });
  return acknowledgedId(figure, { status: response.status, body: await response.text() });
}

/**
 * The messages a client misses: one it saw, then `count` more, sent from a
 * few connections at once. Returns the ID of the one seen; any send the host
 * does not acknowledge stops the bench.
 */
export async function sendMissed(
  url: string,
  authorization: string,
  count: number,
): Promise<number> {
  const figure = catchUpFigure(count);
  const before = await post(url, authorization, 'the last message the client saw', figure);
  let next = 0;
  let acknowledged = 0;
  const send = async () => {
    while (next < count) {
      await post(
        url,
        authorization,
        `missed message ${(next += 1)} with a few more words in it`,
        figure,
      );
      acknowledged += 1;
    }
  };
  await Promise.all(Array.from({ length: senders }, send));
  requireAll(figure, 'sends acknowledged', acknowledged, count);
  return before;
}

/**
 * Paged GET /messages after `before`, with nothing stored: the floor of a
 * catch-up. Every page but the last must be full, and all must add up to
 * the `count` messages sent, or the bench stops.
 */
export async function fetchRawPages(
  url: string,
  authorization: string,
  before: number,
  count: number,
): Promise<void> {
  const figure = catchUpFigure(count);
  let anchor = before;
  let fetched = 0;
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      anchor: String(anchor),
      num_before: '0',
      num_after: String(pageSize),
      narrow: '[]',
      apply_markdown: 'true',
      include_anchor: 'false',
    });
    const response = await fetch(`${url}/api/v1/messages?${query}`, { headers: { authorization } });
    const body = await response.text();
    requireAccepted(figure, `raw GET /messages page ${page}`, { status: response.status, body });
    const answer = JSON.parse(body) as { messages: { id: number }[]; found_newest: boolean };
    fetched += answer.messages.length;
    const last = answer.messages.at(-1);
    if (answer.found_newest || last === undefined) break;
    requireAll(figure, `messages in raw page ${page}`, answer.messages.length, pageSize);
    anchor = last.id;
  }
  requireAll(figure, 'messages in the raw pages', fetched, count);
}

/** The host a catch-up fetches from, holding `count` messages the client missed. */
export interface CatchUpHost {
  url: string;
  credentials: { email: string; apiKey: string };
  /** The last message the client saw. */
  before: number;
  dataDir: string;
}

/**
 * Starts a host in its own process without rate limits (the figure is the
 * client's, not the limiter's), sends it `count` missed messages, and runs
 * `work` against it; the host and its folder go when `work` is done.
 */
export async function catchUpHost<T>(
  hostScript: string,
  count: number,
  log: (line: string) => void,
  work: (host: CatchUpHost) => Promise<T>,
): Promise<T> {
  const { host, dataDir, owner: credentials } = await benchHost(hostScript, 'catch-up');
  try {
    const before = await sendMissed(host.url, authorizationOf(credentials), count);
    log(`sent ${count.toLocaleString('en')} messages to the catching-up host, each acknowledged`);
    return await work({ url: host.url, credentials, before, dataDir });
  } finally {
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A lost queue's catching up on `count` missed messages, against paged GET
 * /messages of the same messages with nothing stored: what the client adds
 * to the network's cost.
 */
export async function measureCatchUp(
  hostScript: string,
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<CatchUpFigures> {
  const figure = catchUpFigure(count);
  return catchUpHost(hostScript, count, log, async ({ url, credentials, before, dataDir }) => {
    const authorization = authorizationOf(credentials);
    const api = createApi({ serverUrl: url, ...credentials });
    const hearth: number[] = [];
    const raw: number[] = [];
    const catchUpOnce = async (round: number) => {
      const file = join(dataDir, `client-${round}.sqlite3`);
      const { cache } = openCache(file, { log: () => undefined });
      let stored = 0;
      const started = performance.now();
      await catchUp(api, cache, before, (_ids, total) => (stored = total));
      hearth.push(performance.now() - started);
      cache.close();
      requireAll(figure, `messages the client stored in round ${round + 1}`, stored, count);
    };
    const fetchRaw = async () => {
      const started = performance.now();
      await fetchRawPages(url, authorization, before, count);
      raw.push(performance.now() - started);
    };
    // Each goes first in every other round, so that neither always meets a
    // host just woken, or one still busy with the other's last request.
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        await catchUpOnce(round);
        await fetchRaw();
      } else {
        await fetchRaw();
        await catchUpOnce(round);
      }
    }
    const ratio = median(hearth.map((ms, round) => ms / (raw[round] ?? NaN)));
    return { hearthMs: median(hearth), rawMs: median(raw), ratio, messages: count };
  });
}
