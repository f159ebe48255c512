import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApi } from '../../src-main/client/api';
import { openCache } from '../../src-main/client/cache/openCache';
import { catchUp } from '../../src-main/client/session/catchUp';
import { startChildServer } from '../server/childServer';
import { median } from './children';

export interface CatchUpFigures {
  hearthMs: number;
  rawMs: number;
  messages: number;
}

const pageSize = 1000;
const senders = 8;

async function credentials(dataDir: string) {
  const rc = await readFile(join(dataDir, 'zuliprc'), 'utf8');
  const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
  return { email: value('email'), apiKey: value('key') };
}

/**
 * A lost queue's catching up on `count` missed messages from a host in its
 * own process, against paged GET /messages of the same messages with nothing
 * stored: what the client adds to the network's cost.
 */
export async function measureCatchUp(
  hostScript: string,
  count: number,
  rounds: number,
  log: (line: string) => void,
): Promise<CatchUpFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hearth-bench-catch-up-'));
  const host = await startChildServer(hostScript, ['--port', '0', '--data-dir', dataDir]);
  try {
    const { email, apiKey } = await credentials(dataDir);
    const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
    const post = (content: string) =>
      fetch(`${host.url}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization },
        body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'catching up', content }),
      }).then((response) => response.json() as Promise<{ id: number }>);
    const before = (await post('the last message the client saw')).id;
    let next = 0;
    const send = async () => {
      while (next < count) await post(`missed message ${(next += 1)} with a few more words in it`);
    };
    await Promise.all(Array.from({ length: senders }, send));
    log(`sent ${count.toLocaleString('en')} messages to the catching-up host`);

    const api = createApi({ serverUrl: host.url, email, apiKey });
    const hearth: number[] = [];
    const raw: number[] = [];
    let fetched = 0;
    const catchUpOnce = async (round: number) => {
      const file = join(dataDir, `client-${round}.sqlite3`);
      const { cache } = openCache(file, { log: () => undefined });
      const started = performance.now();
      await catchUp(api, cache, before, (_ids, total) => (fetched = total));
      hearth.push(performance.now() - started);
      cache.close();
    };
    const fetchRaw = async () => {
      const started = performance.now();
      let anchor = before;
      for (;;) {
        const url = new URL(`${host.url}/api/v1/messages`);
        url.search = new URLSearchParams({
          anchor: String(anchor),
          num_before: '0',
          num_after: String(pageSize),
          narrow: '[]',
          apply_markdown: 'true',
          include_anchor: 'false',
        }).toString();
        const page = (await (await fetch(url, { headers: { authorization } })).json()) as {
          messages: { id: number }[];
          found_newest: boolean;
        };
        const last = page.messages.at(-1);
        if (page.found_newest || last === undefined) break;
        anchor = last.id;
      }
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
    return { hearthMs: median(hearth), rawMs: median(raw), messages: fetched };
  } finally {
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
