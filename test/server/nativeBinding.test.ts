import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHost } from '../../src-main/server/host';

const nodeBuild = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

// The desktop app hands the host Electron's build of better-sqlite3; here the
// Node build stands in for it, since Electron's cannot be built on this machine.
describe('the host loads the better-sqlite3 addon it is given', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-binding-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('serves the organization with an explicitly named addon', async () => {
    const host = await startHost({ dataDir, port: 0, sqliteBinding: nodeBuild });
    try {
      const response = await fetch(`${host.url}/api/v1/server_settings`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ realm_name: host.realmName });
    } finally {
      await host.close();
    }
  });

  it('refuses to start when the named addon is missing', async () => {
    await expect(
      startHost({ dataDir, port: 0, sqliteBinding: join(dataDir, 'missing.node') }),
    ).rejects.toThrow(/missing\.node/);
  });
});
