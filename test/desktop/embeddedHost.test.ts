import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBridgeService } from '../../src-main/client/bridgeService';
import { secretAccount } from '../../src-main/client/secretStore';
import { Session } from '../../src-main/client/session';
import { Hosting } from '../../src-main/desktop/hosting';
import { openKeychain } from '../../src-main/desktop/keychain';
import { spawnTsWorker } from './tsWorker';

const dataDir = mkdtempSync(join(tmpdir(), 'hearth-embedded-'));
const hosting = new Hosting({
  config: { dataDir, port: 0, host: '127.0.0.1', dev: false },
  spawn: spawnTsWorker(new URL('../../src-main/server/worker.ts', import.meta.url)),
  health: false,
});

afterAll(async () => {
  await hosting.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// What src-main/index.ts does on start, minus the window: the part that plain Node can run.
describe('the embedded host', () => {
  it('serves its owner a Session opened with the key kept in the keychain', async () => {
    const { url, owner, realmName } = await hosting.start();
    const secrets = await openKeychain({ warn: (message) => expect.fail(message) });
    const account = secretAccount(url, owner.email);
    await secrets.set(account, owner.apiKey);

    const apiKey = await secrets.get(account);
    if (apiKey === null) throw new Error('the keychain lost the owner key');
    const session = await Session.open({
      serverUrl: url,
      email: owner.email,
      apiKey,
      log: () => undefined,
    });
    const snapshot = await createBridgeService(session).getSnapshot({});

    await session.stop();
    await secrets.delete(account);
    expect(snapshot).toMatchObject({
      user: { userId: owner.userId, email: owner.email },
      realmName,
      connection: 'connected',
    });
  });
});
