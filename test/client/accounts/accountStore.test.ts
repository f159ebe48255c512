import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../../src-main/client/accounts/accountList';
import { Accounts, memoryOnlyNotice } from '../../../src-main/client/accounts/accountStore';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { signInWithPassword, type SignInResult } from '../../../src-main/client/accounts/signIn';
import {
  createMemorySecretStore,
  secretAccount,
  type SecretStore,
} from '../../../src-main/client/secretStore';
import { startOrg, type Org } from '../../helpers/org';

const password = 'correct horse battery staple';

/** A store that keeps secrets in a folder of its own, so they outlive an `Accounts`, as a keychain does. */
function folderSecretStore(folder: string): SecretStore {
  const path = (account: string) => join(folder, Buffer.from(account).toString('hex'));
  return {
    persistent: true,
    get: (account) => readFile(path(account), 'utf8').catch(() => null),
    set: (account, secret) => writeFile(path(account), secret),
    delete: (account) => rm(path(account), { force: true }),
  };
}

let org: Org;
let aliceSignedIn: SignInResult;
let bobSignedIn: SignInResult;

beforeAll(async () => {
  org = await startOrg();
  await org.user('alice');
  await org.user('bob');
  const server = await probeServer(org.url);
  aliceSignedIn = await signInWithPassword(server, 'alice@hearth.test', password);
  bobSignedIn = await signInWithPassword(server, 'bob@hearth.test', password);
});
afterAll(() => org.close());

let dataDir: string;
let keychainDir: string;
let deletedCaches: AccountRecord[];
const deleteCache = async (account: AccountRecord) => {
  deletedCaches.push(account);
};

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-accounts-data-'));
  keychainDir = await mkdtemp(join(tmpdir(), 'hearth-accounts-keychain-'));
  deletedCaches = [];
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(keychainDir, { recursive: true, force: true });
});

describe('Accounts', () => {
  it('keeps several accounts, each key in the SecretStore under its server and email', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });

    const alice = await accounts.add(aliceSignedIn);
    await accounts.add(bobSignedIn);

    expect((await accounts.all()).map((account) => [account.email, account.key])).toEqual([
      ['alice@hearth.test', 'stored'],
      ['bob@hearth.test', 'stored'],
    ]);
    expect(alice).toMatchObject({ serverUrl: org.url, userId: aliceSignedIn.userId });
    expect(await secrets.get(secretAccount(org.url, 'alice@hearth.test'))).toBe(
      aliceSignedIn.apiKey,
    );
    expect(await accounts.keyOf(alice)).toBe(aliceSignedIn.apiKey);
    expect(accounts.notice).toBeNull();
  });

  it('writes neither key nor password into the account list', async () => {
    const accounts = await Accounts.open({
      dataDir,
      secrets: folderSecretStore(keychainDir),
      deleteCache,
    });
    await accounts.add(aliceSignedIn);
    await accounts.add(bobSignedIn);

    const file = await readFile(join(dataDir, 'accounts.json'), 'utf8');

    expect(file).toContain('alice@hearth.test');
    expect(file).not.toContain(aliceSignedIn.apiKey);
    expect(file).not.toContain(bobSignedIn.apiKey);
    expect(file).not.toContain(password);
  });

  it('updates an account signed in to twice, never duplicating it', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    const first = await accounts.add(aliceSignedIn);

    const second = await accounts.add({ ...aliceSignedIn, apiKey: 'a-newer-key' });

    expect(second.id).toBe(first.id);
    expect(await accounts.all()).toHaveLength(1);
    expect(await accounts.keyOf(second)).toBe('a-newer-key');
  });

  it('moves the key when the server now spells the email differently', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    await accounts.add(aliceSignedIn);

    const renamed = await accounts.add({ ...aliceSignedIn, email: 'Alice@hearth.test' });

    expect(await accounts.all()).toHaveLength(1);
    expect(await accounts.keyOf(renamed)).toBe(aliceSignedIn.apiKey);
    expect(await secrets.get(secretAccount(org.url, 'alice@hearth.test'))).toBeNull();
  });

  it('moves an account to its organization’s new address, key and all, unless one is there already', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    const alice = await accounts.add({
      ...aliceSignedIn,
      certificate: { fingerprint: 'AA:BB', certPem: 'pinned' },
    });
    const newUrl = 'https://chat.office.test:9443';
    await accounts.moveServer(alice.id, newUrl);
    const [moved] = await accounts.all();
    expect(moved).toMatchObject({ id: alice.id, serverUrl: newUrl, certificate: null });
    expect(await secrets.get(secretAccount(newUrl, alice.email))).toBe(aliceSignedIn.apiKey);
    expect(await secrets.get(secretAccount(org.url, alice.email))).toBeNull();

    const again = await accounts.add(aliceSignedIn);
    await expect(accounts.moveServer(again.id, newUrl)).rejects.toThrow('already has an account');
    expect((await accounts.all()).map((account) => account.serverUrl)).toEqual([newUrl, org.url]);
    expect(await secrets.get(secretAccount(org.url, alice.email))).toBe(aliceSignedIn.apiKey);
  });

  it('remembers the last narrow of an account across a restart', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    const alice = await accounts.add(aliceSignedIn);

    await accounts.setLastNarrow(alice.id, [{ operator: 'stream', operand: 'general' }]);
    const restarted = await Accounts.open({ dataDir, secrets, deleteCache });

    expect((await restarted.all())[0]?.lastNarrow).toEqual([
      { operator: 'stream', operand: 'general' },
    ]);
  });

  it('removes an account with its key and its cache', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    const alice = await accounts.add(aliceSignedIn);
    await accounts.add(bobSignedIn);

    await accounts.remove(alice.id);

    expect((await accounts.all()).map((account) => account.email)).toEqual(['bob@hearth.test']);
    expect(await secrets.get(secretAccount(org.url, 'alice@hearth.test'))).toBeNull();
    expect(deletedCaches.map((account) => account.id)).toEqual([alice.id]);
    const reopened = await Accounts.open({ dataDir, secrets, deleteCache });
    expect(await reopened.all()).toHaveLength(1);
  });

  it('keeps the record when the cache cannot be deleted, so removing again finishes', async () => {
    const secrets = folderSecretStore(keychainDir);
    let cacheBusy = true;
    const accounts = await Accounts.open({
      dataDir,
      secrets,
      deleteCache: async (account) => {
        if (cacheBusy) throw new Error('cache file is in use');
        deletedCaches.push(account);
      },
    });
    const alice = await accounts.add(aliceSignedIn);

    await expect(accounts.remove(alice.id)).rejects.toThrow('in use');
    expect(await accounts.all()).toHaveLength(1);

    cacheBusy = false;
    await accounts.remove(alice.id);
    expect(await accounts.all()).toEqual([]);
    expect(deletedCaches).toHaveLength(1);
  });

  it('adds nothing when the SecretStore refuses the key', async () => {
    const secrets: SecretStore = {
      ...createMemorySecretStore(),
      persistent: true,
      set: async () => {
        throw new Error('keychain locked');
      },
    };
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });

    await expect(accounts.add(aliceSignedIn)).rejects.toThrow('keychain locked');

    expect(await accounts.all()).toEqual([]);
  });

  it('takes the key back out when the list cannot be written', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    await rm(dataDir, { recursive: true, force: true });

    await expect(accounts.add(aliceSignedIn)).rejects.toThrow();

    expect(await secrets.get(secretAccount(org.url, 'alice@hearth.test'))).toBeNull();
  });

  it('restores the previous key when an update cannot be written', async () => {
    const secrets = folderSecretStore(keychainDir);
    const accounts = await Accounts.open({ dataDir, secrets, deleteCache });
    const alice = await accounts.add(aliceSignedIn);
    await rm(dataDir, { recursive: true, force: true });

    await expect(accounts.add({ ...aliceSignedIn, apiKey: 'never-kept' })).rejects.toThrow();

    expect(await accounts.keyOf(alice)).toBe(aliceSignedIn.apiKey);
  });

  describe('without a persistent SecretStore', () => {
    it('marks the account as keeping its key for this run only, with a notice to show', async () => {
      const accounts = await Accounts.open({
        dataDir,
        secrets: createMemorySecretStore(),
        deleteCache,
      });

      const alice = await accounts.add(aliceSignedIn);

      expect(alice.key).toBe('this-run-only');
      expect(accounts.notice).toBe(memoryOnlyNotice());
      expect(accounts.notice).toContain('in memory for this run only');
    });

    it('after a restart, reports that the account must sign in again instead of failing', async () => {
      const before = await Accounts.open({
        dataDir,
        secrets: createMemorySecretStore(),
        deleteCache,
      });
      await before.add(aliceSignedIn);

      const after = await Accounts.open({
        dataDir,
        secrets: createMemorySecretStore(),
        deleteCache,
      });
      const [alice] = await after.all();

      expect(alice).toMatchObject({ email: 'alice@hearth.test', key: 'missing' });
      expect(alice && (await after.keyOf(alice))).toBeNull();
    });
  });
});
