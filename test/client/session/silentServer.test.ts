import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { Session } from '../../../src-main/client/session/liveLink';
import type { SessionClock } from '../../../src-main/client/session/sessionClock';
import { startHost, type Host } from '../../../src-main/server/host';
import { eventually } from '../../helpers/hearth';
import { MovableWallClock } from '../../helpers/movableWallClock';
import { startSilentProxy, type SilentProxy } from '../../helpers/network/silentProxy';

// Issue 55, point 4, with its time limits shortened: a long poll waits in
// silence by design, so the session asks the server something whenever it
// has been quiet a while. A quiet server is left alone; a silent one is
// said to be not answering, since its last answer; a refusing one is
// offline, as before; and a silent one that speaks again is resumed without
// a message missed or doubled. test/faults/deadServer.test.ts holds the
// same with the app's own limits.

let dataDir: string;
let host: Host;
let proxy: SilentProxy;
let cache: Cache;
let session: Session | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-silence-'));
  // No heartbeat in the test's time: the long poll is silent unless something happens.
  host = await startHost({ dataDir, port: 0, queueTimeouts: { heartbeatMs: 60_000 } });
});
afterAll(async () => {
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await session?.stop();
  session = undefined;
  cache.close();
  await proxy.close();
});

async function connectedSession(clock?: SessionClock): Promise<Session> {
  proxy = await startSilentProxy(host.url);
  cache = openCache(join(dataDir, `client-${Date.now()}.sqlite3`), { log: () => undefined }).cache;
  session = new Session({
    serverUrl: proxy.url,
    email: host.owner.email,
    apiKey: host.owner.apiKey,
    cache,
    pollTimeoutMs: 120_000,
    quietMs: 300,
    checkTimeoutMs: 400,
    wake: false,
    ...(clock ? { clock } : {}),
    backoff: { initialMs: 50, maxMs: 200 },
    log: () => undefined,
  });
  session.start();
  await eventually('connected', () => session?.connection.state === 'connected');
  return session;
}

const post = async (content: string): Promise<number> => {
  const response = await fetch(`${host.url}/api/v1/messages`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${host.owner.email}:${host.owner.apiKey}`).toString('base64')}`,
    },
    body: new URLSearchParams({ type: 'stream', to: 'general', topic: 'quiet', content }),
  });
  return ((await response.json()) as { id: number }).id;
};

const cachedIds = () =>
  cache
    .messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 100 })
    .messages.map((message) => message.id);

describe('a server that stops answering', () => {
  it('is left alone while it is only quiet: each question it answers keeps the link connected', async () => {
    const live = await connectedSession();
    const states: string[] = [];
    live.on('connection', ({ state }) => states.push(state));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(states).toEqual([]);
    expect(live.connection.state).toBe('connected');
  });

  it('is said to be not answering since its last answer, and is resumed once it speaks, missing nothing', async () => {
    const live = await connectedSession();
    const before = await post('before the silence');
    await eventually('the first message is cached', () => cachedIds().includes(before));

    const fellSilent = Date.now();
    proxy.silence();
    const shown = await eventually('not answering', () => {
      const { connection } = live;
      return connection.state === 'offline' && connection.notAnswering && connection;
    });
    expect(shown.offlineSince).toBeLessThanOrEqual(fellSilent);
    expect(proxy.held).toBeGreaterThan(0);
    const missed = [await post('one'), await post('two')];

    proxy.speak();
    await eventually('connected again', () => live.connection.state === 'connected');
    expect(live.connection).toMatchObject({ offlineSince: null, notAnswering: false });
    await eventually('the messages sent meanwhile are cached', () =>
      missed.every((id) => cachedIds().includes(id)),
    );
    const ids = cachedIds();
    expect(ids.filter((id) => [before, ...missed].includes(id))).toEqual([before, ...missed]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is found not answering as soon, on a wall clock set back by hours', async () => {
    const clock = new MovableWallClock();
    const live = await connectedSession(clock);
    clock.move(-5 * 3_600_000);
    const fellSilent = clock.wallMs();
    proxy.silence();
    const shown = await eventually(
      'not answering',
      () => {
        const { connection } = live;
        return connection.state === 'offline' && connection.notAnswering && connection;
      },
      5_000,
    );
    // Said on the wall clock as it reads now.
    expect(shown.offlineSince).toBeLessThanOrEqual(fellSilent);
    expect(shown.offlineSince).toBeGreaterThan(fellSilent - 60_000);
  });

  it('is offline, not "not answering", when its connections are refused', async () => {
    const live = await connectedSession();
    await proxy.close();
    const shown = await eventually('offline', () => {
      const { connection } = live;
      return connection.state === 'offline' && connection;
    });
    expect(shown.notAnswering).toBe(false);
  });
});
