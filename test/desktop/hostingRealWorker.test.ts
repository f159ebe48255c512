import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Hosting } from '../../src-main/desktop/hosting';
import { spawnTsWorker } from './tsWorker';

const hostWorker = new URL('../../src-main/server/worker.ts', import.meta.url);
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-host-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const hostingOnce = () =>
  new Hosting({
    config: { dataDir, port: 0, host: '127.0.0.1', dev: false },
    spawn: spawnTsWorker(hostWorker),
    health: false,
  });

describe('hosting the real host worker', () => {
  it('starts the organization on a worker thread, serves the API, and stops cleanly', async () => {
    const hosting = hostingOnce();
    const { url, owner } = await hosting.start();

    const response = await fetch(`${url}/api/v1/users/me`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`,
      },
    });
    expect(await response.json()).toMatchObject({ result: 'success', email: owner.email });

    await hosting.stop();
    expect(hosting.status).toBe('stopped');
    await expect(fetch(`${url}/api/v1/server_settings`)).rejects.toThrow();
  });

  it('finds the same organization and owner when started again on the same data', async () => {
    const first = hostingOnce();
    const before = await first.start();
    await first.stop();

    const second = hostingOnce();
    const after = await second.start();
    await second.stop();

    expect(after.owner).toEqual(before.owner);
    expect(after.realmName).toBe(before.realmName);
  });
});
