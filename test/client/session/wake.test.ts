import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import { Session } from '../../../src-main/client/session/liveLink';
import { watchForWake } from '../../../src-main/client/session/wakeWatch';
import { startHost, type Host } from '../../../src-main/server/host';
import { eventually } from '../../helpers/hearth';
import { MovableWallClock } from '../../helpers/movableWallClock';

// Issue 13, point 4: a computer that slept has long-polls that will never
// answer and, past ten minutes, no queue. The session notices the sleep and
// checks at once instead of waiting for its own time-outs.

describe('noticing a sleep', () => {
  it('reports a suspension of the process, and how long it lasted', async () => {
    const fixture = fileURLToPath(new URL('fixtures/wakeWatcher.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    try {
      await eventually('the watch runs', () => lines.includes('watching'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines.filter((line) => line.startsWith('woke'))).toEqual([]);

      child.kill('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      child.kill('SIGCONT');

      const woke = await eventually('the wake is reported', () =>
        lines.find((line) => line.startsWith('woke')),
      );
      expect(Number(woke.split(' ').at(-1))).toBeGreaterThanOrEqual(1_000);
    } finally {
      child.kill('SIGKILL');
    }
  });

  // A suspend on Linux or macOS stops the monotonic clock Node's timers run
  // by: the watch's timer then fires on time, and only the wall clock says
  // hours went by.
  it('reports the wall clock moving on by hours while the monotonic clock stood still, and not the wall clock set back', async () => {
    const hourMs = 3_600_000;
    const clock = new MovableWallClock();
    const woke: number[] = [];
    const stop = watchForWake({
      intervalMs: 20,
      lateByMs: 1_000,
      clock,
      onWake: (sleptMs) => woke.push(sleptMs),
    });
    try {
      clock.move(-3 * hourMs);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(woke).toEqual([]);

      clock.move(5 * hourMs);
      await eventually('the wake is reported', () => woke.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(woke).toHaveLength(1);
      expect(woke[0]).toBeGreaterThan(5 * hourMs - 1_000);
    } finally {
      stop();
    }
  });
});

// A link whose connections can go silent, as a sleeping laptop's do: the
// server's side hangs up, the client hears nothing, not even the close, and
// only new connections work.
function silenceableLink(target: number) {
  const open: { client: Socket; upstream: Socket }[] = [];
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(target, '127.0.0.1');
    open.push({ client, upstream });
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  return {
    server,
    silenceOpenConnections() {
      for (const { client, upstream } of open.splice(0)) {
        client.removeAllListeners('data');
        upstream.removeAllListeners();
        upstream.destroy();
      }
    },
    close() {
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      server.close();
    },
  };
}

describe('checking at once after a wake', () => {
  let dataDir: string;
  let host: Host;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-wake-'));
    host = await startHost({
      dataDir,
      port: 0,
      queueTimeouts: { heartbeatMs: 60_000, idleMs: 800 },
    });
  });
  afterAll(async () => {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('abandons a poll that will never answer, finds its queue gone, registers again and catches up', async () => {
    const link = silenceableLink(Number(new URL(host.url).port));
    await new Promise<void>((resolve) => link.server.listen(0, '127.0.0.1', resolve));
    const { port } = link.server.address() as { port: number };
    const { cache } = openCache(join(dataDir, 'client.sqlite3'), { log: () => undefined });
    const session = new Session({
      serverUrl: `http://127.0.0.1:${port}`,
      email: host.owner.email,
      apiKey: host.owner.apiKey,
      cache,
      // Without the check, the silent poll would hang this long.
      pollTimeoutMs: 120_000,
      checkTimeoutMs: 500,
      wake: false,
      backoff: { initialMs: 50, maxMs: 200 },
      log: () => undefined,
    });
    try {
      session.start();
      await eventually('connected', () => session.connection.state === 'connected');
      const firstQueue = session.queueId;

      link.silenceOpenConnections();
      // The poll now hangs on a dead connection while the server drops the idle queue.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const sent = await fetch(`${host.url}/api/v1/messages`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${host.owner.email}:${host.owner.apiKey}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          type: 'stream',
          to: 'general',
          topic: 'while asleep',
          content: 'You missed this',
        }),
      });
      const { id } = (await sent.json()) as { id: number };

      session.checkNow();
      await eventually(
        'the missed message is cached',
        () =>
          cache
            .messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 10 })
            .messages.some((message) => message.id === id),
        10_000,
      );
      expect(session.queueId).not.toBe(firstQueue);
    } finally {
      await session.stop();
      cache.close();
      link.close();
    }
  });
});
