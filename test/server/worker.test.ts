import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostWorkerData, HostWorkerToMain } from '../../src-main/server/workerProtocol';

function nextMessage(worker: Worker): Promise<HostWorkerToMain> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

describe('the host worker thread', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-worker-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // The app loads the bundled worker; here tsx compiles the source inside the thread.
  const start = (data: HostWorkerData) => {
    const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
    const entry = new URL('../../src-main/server/worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { eval: true, workerData: data });
  };

  it('reports ready with a working URL, then stops on request', async () => {
    const worker = start({ dataDir, port: 0, host: '127.0.0.1', dev: false });
    const ready = await nextMessage(worker);
    if (ready.type !== 'ready') throw new Error(`worker failed: ${JSON.stringify(ready)}`);
    expect(ready.owner.email).toBeTruthy();
    const settings = await fetch(`${ready.url}/api/v1/server_settings`);
    expect(settings.status).toBe(200);

    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage({ type: 'stop' });
    expect(await nextMessage(worker)).toEqual({ type: 'stopped' });
    expect(await exited).toBe(0);
  }, 30_000);

  it('reports an error instead of ready when it cannot host', async () => {
    const worker = start({ dataDir, port: 0, host: 'not a host name', dev: false });
    const message = await nextMessage(worker);
    expect(message.type).toBe('error');
    await worker.terminate();
  }, 30_000);
});
