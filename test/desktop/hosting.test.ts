import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Hosting,
  spawnWorkerFile,
  type HostConfig,
  type HostingOptions,
} from '../../src-main/desktop/hosting';

const scriptedWorker = fileURLToPath(new URL('fixtures/scriptedWorker.mjs', import.meta.url));
const fastBackoff = { initialMs: 20, maxMs: 100 };
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const scriptedHosting = (script: string[], options: Partial<HostingOptions> = {}): Hosting => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-hosting-'));
  writeFileSync(join(dataDir, 'script.json'), JSON.stringify(script));
  const config: HostConfig = { dataDir, port: 0, host: '127.0.0.1', dev: false };
  const hosting = new Hosting({
    config,
    spawn: spawnWorkerFile(scriptedWorker),
    backoff: fastBackoff,
    ...options,
  });
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => hosting.stop());
  return hosting;
};

const nextReady = (hosting: Hosting) => new Promise((resolve) => hosting.on('ready', resolve));

describe('hosting a scripted worker', () => {
  it('restarts a worker that dies, on the port it first picked, and reports ready again', async () => {
    const hosting = scriptedHosting(['crash', 'serve']);
    const statuses: string[] = [];
    hosting.on('status', (status) => statuses.push(status));

    const first = await hosting.start();
    const second = await nextReady(hosting);

    expect(second).toMatchObject({ url: first.url, owner: { apiKey: 'key-2' } });
    expect(hosting.status).toBe('running');
    expect(statuses).toEqual(['starting', 'running', 'restarting', 'running']);
    const response = await fetch(`${first.url}/api/v1/server_settings`);
    expect(response.status).toBe(200);
  });

  it('replaces a worker that keeps failing its health checks', async () => {
    const hosting = scriptedHosting(['unhealthy', 'serve'], {
      health: { intervalMs: 30, failures: 2 },
    });
    await hosting.start();

    const replacement = await nextReady(hosting);

    expect(replacement).toMatchObject({ owner: { apiKey: 'key-2' } });
    expect(hosting.recentLogs().map((line) => line.text)).toContainEqual(
      expect.stringMatching(/health check failed \(2\/2\)/),
    );
  });

  it('rejects start when the worker reports an error before it is ready, and stays stopped', async () => {
    const hosting = scriptedHosting(['fail']);

    await expect(hosting.start()).rejects.toThrow('address already in use');
    expect(hosting.status).toBe('stopped');
  });

  it("keeps the worker's latest output in its log ring, oldest first, up to the ring's capacity", async () => {
    const hosting = scriptedHosting(['crash', 'serve'], { logCapacity: 3 });
    await hosting.start();
    await nextReady(hosting);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const lines = hosting.recentLogs();
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.text)).toEqual(
      expect.arrayContaining(['run 2: serve', expect.stringMatching(/host serving at/)]),
    );
    expect(lines.map((line) => line.time)).toEqual(
      lines.map((line) => line.time).sort((a, b) => a - b),
    );
  });

  it('stops the worker when asked, and a stopped host no longer answers', async () => {
    const hosting = scriptedHosting(['serve']);
    const { url } = await hosting.start();

    await hosting.stop();

    expect(hosting.status).toBe('stopped');
    await expect(fetch(`${url}/api/v1/server_settings`)).rejects.toThrow();
  });
});
