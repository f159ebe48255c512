import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openKeychain, type Keytar } from '../../src-main/desktop/keychain';

// These tests use the real Secret Service that scripts/with-keyring.sh provides.
const openRealKeychain = async () => {
  const warnings: string[] = [];
  const store = await openKeychain({ warn: (message) => warnings.push(message) });
  expect(warnings, 'no usable keychain: run the tests through scripts/with-keyring.sh').toEqual([]);
  return store;
};

describe('keychain', () => {
  it('reads back, from a second store, a key that the first one stored', async () => {
    const account = `alice-${randomUUID()}@example.com`;
    const first = await openRealKeychain();
    await first.set(account, 'key-of-alice');

    const second = await openRealKeychain();
    expect(second.persistent).toBe(true);
    expect(await second.get(account)).toBe('key-of-alice');
    await second.delete(account);
  });

  it('forgets a deleted key', async () => {
    const account = `bob-${randomUUID()}@example.com`;
    const store = await openRealKeychain();
    await store.set(account, 'key-of-bob');
    await store.delete(account);
    expect(await store.get(account)).toBeNull();
  });

  it('falls back to memory, with one warning saying why, when no Secret Service is reachable', async () => {
    const fixture = fileURLToPath(new URL('fixtures/openKeychain.ts', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    };
    delete env.DISPLAY;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fixture], {
      env,
    });

    const result = JSON.parse(stdout) as { persistent: boolean; warnings: string[] };
    expect(result.persistent).toBe(false);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/keychain is not usable \(.+\).*memory for this run only/);
  });

  it('falls back to memory when the keyring service answers but holds no login keyring', async () => {
    const fixture = fileURLToPath(new URL('fixtures/openKeychain.ts', import.meta.url));
    const home = await mkdtemp(join(tmpdir(), 'hearth-no-login-'));
    // Its own home and runtime folder, so the daemon cannot find the test command's keyring.
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_RUNTIME_DIR: home };
    delete env.GNOME_KEYRING_CONTROL;
    try {
      // A session bus of its own: the keyring daemon is started on demand, with no keyring unlocked.
      const { stdout } = await promisify(execFile)(
        'dbus-run-session',
        ['--', process.execPath, '--import', 'tsx', fixture],
        { env },
      );
      const result = JSON.parse(stdout) as { persistent: boolean; warnings: string[] };
      expect(result.persistent).toBe(false);
      expect(result.warnings).toEqual([
        expect.stringMatching(/keychain is not usable \(.+\).*memory for this run only/),
      ]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('falls back to memory when keytar itself cannot be loaded', async () => {
    const warnings: string[] = [];
    const store = await openKeychain({
      loadKeytar: async () => {
        throw new Error('keytar.node: wrong ELF class');
      },
      warn: (message) => warnings.push(message),
    });
    expect(store.persistent).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/wrong ELF class/)]);
  });

  it('falls back to memory when storing a secret is refused, as a keyring without a login collection does', async () => {
    const refusing: Keytar = {
      setPassword: async () => {
        throw new Error('Cannot create an item in a locked collection');
      },
      getPassword: async () => null,
      deletePassword: async () => false,
    };
    const warnings: string[] = [];
    const store = await openKeychain({
      loadKeytar: async () => refusing,
      warn: (message) => warnings.push(message),
    });
    expect(store.persistent).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/locked collection/)]);
  });

  it('falls back to memory when the keychain accepts a secret but reads back nothing, as a locked keyring does', async () => {
    const silent: Keytar = {
      setPassword: async () => undefined,
      getPassword: async () => null,
      deletePassword: async () => false,
    };
    const warnings: string[] = [];
    const store = await openKeychain({
      loadKeytar: async () => silent,
      warn: (message) => warnings.push(message),
    });

    expect(store.persistent).toBe(false);
    expect(warnings).toEqual([expect.stringMatching(/did not read back/)]);
    await store.set('carol@example.com', 'key-of-carol');
    expect(await store.get('carol@example.com')).toBe('key-of-carol');
  });
});
