import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountList } from '../../../src-main/client/accounts/accountList';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-accounts-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const alice = {
  serverUrl: 'https://chat.example.com',
  email: 'alice@example.com',
  userId: 8,
  realmName: 'Example',
  realmIcon: 'https://chat.example.com/icon.png',
};

describe('AccountList', () => {
  it('starts empty when the data folder holds no list yet', async () => {
    const list = await AccountList.open(join(dataDir, 'not-yet'));

    expect(list.all()).toEqual([]);
    expect(list.movedAside).toBeNull();
  });

  it('keeps accounts across a reopen of the data folder', async () => {
    const list = await AccountList.open(dataDir);
    const saved = await list.upsert(alice);
    await list.upsert({ ...alice, serverUrl: 'http://127.0.0.1:9991', userId: 1 });
    await list.setLastNarrow(saved.id, [{ operator: 'stream', operand: 'general' }]);

    const reopened = await AccountList.open(dataDir);

    expect(reopened.all()).toHaveLength(2);
    expect(reopened.find(saved.id)).toEqual({
      ...alice,
      id: saved.id,
      lastNarrow: [{ operator: 'stream', operand: 'general' }],
      hosted: false,
      certificate: null,
    });
  });

  it('keeps the certificate pinned for a server across a reopen', async () => {
    const certificate = { fingerprint: 'AB:CD', certPem: '-----BEGIN CERTIFICATE-----' };
    const list = await AccountList.open(dataDir);
    const saved = await list.upsert({
      ...alice,
      serverUrl: 'https://192.168.1.20:9443',
      certificate,
    });
    const reopened = await AccountList.open(dataDir);
    expect(reopened.find(saved.id)?.certificate).toEqual(certificate);
  });

  it('updates the account with the same server and email instead of adding another', async () => {
    const list = await AccountList.open(dataDir);
    const first = await list.upsert(alice);
    await list.setLastNarrow(first.id, [{ operator: 'is', operand: 'starred' }]);

    const second = await list.upsert({
      ...alice,
      email: 'Alice@Example.com',
      realmName: 'Renamed',
    });

    expect(list.all()).toHaveLength(1);
    expect(second).toMatchObject({ id: first.id, realmName: 'Renamed' });
    expect(second.lastNarrow).toEqual([{ operator: 'is', operand: 'starred' }]);
  });

  it('forgets a removed account on disk', async () => {
    const list = await AccountList.open(dataDir);
    const saved = await list.upsert(alice);

    await list.remove(saved.id);

    expect((await AccountList.open(dataDir)).all()).toEqual([]);
  });

  it('leaves no temporary file behind after its writes', async () => {
    const list = await AccountList.open(dataDir);
    await Promise.all([list.upsert(alice), list.upsert({ ...alice, email: 'bob@example.com' })]);

    expect(await readdir(dataDir)).toEqual(['accounts.json']);
    expect((await AccountList.open(dataDir)).all()).toHaveLength(2);
  });

  it('moves a corrupt list aside and starts empty instead of failing', async () => {
    await writeFile(join(dataDir, 'accounts.json'), '{"version": 1, "accounts": [{"id": ');

    const list = await AccountList.open(dataDir);

    expect(list.all()).toEqual([]);
    expect(list.movedAside).toMatch(/accounts\.json\.corrupt-\d+$/);
    expect(await readFile(list.movedAside ?? '', 'utf8')).toContain('"accounts"');
    await list.upsert(alice);
    expect((await AccountList.open(dataDir)).all()).toHaveLength(1);
  });

  it('moves aside a list whose records do not have the expected shape', async () => {
    await writeFile(
      join(dataDir, 'accounts.json'),
      JSON.stringify({ version: 1, accounts: [{ id: 'x', serverUrl: 42 }] }),
    );

    expect((await AccountList.open(dataDir)).movedAside).not.toBeNull();
  });

  it('keeps the list in memory unchanged when the file cannot be written', async () => {
    const list = await AccountList.open(dataDir);
    await list.upsert(alice);
    await rm(dataDir, { recursive: true, force: true });

    await expect(list.upsert({ ...alice, email: 'bob@example.com' })).rejects.toThrow();

    expect(list.all().map((record) => record.email)).toEqual([alice.email]);
  });
});
