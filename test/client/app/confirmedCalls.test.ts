import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, secretAccount } from '../../../src-main/client/secretStore';
import { occupyPort, portOf, release } from '../../helpers/https';
import { connected, removeProfile, startTestHearth, type TestHearth } from '../../helpers/hearth';

// Issue 37, point 6: serving the network, exporting, a new API key and
// restoring a backup go ahead only once main's own confirmation (a native
// dialog on the desktop) says yes; the window's call alone does nothing.

const email = 'dana@lakeside.example';
let hearth: TestHearth;
let serverUrl: string;

const ownerKey = async () =>
  (await hearth.secrets.get(secretAccount(serverUrl, email))) ?? 'no key in the keychain';

/** The owner's REST call to the hosted organization, with the key given. */
const api = (key: string, method: string, path: string, body?: Record<string, string>) =>
  fetch(`${serverUrl}/api/v1/${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}` },
    ...(body ? { body: new URLSearchParams(body) } : {}),
  });

/** Whether anything accepts connections on this computer's port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Asks the next question of main with `accept` as the person's answer. */
const answering = (accept: boolean) => {
  hearth.confirmations.accept = accept;
  hearth.confirmations.asked.length = 0;
  return hearth.confirmations.asked;
};

beforeAll(async () => {
  hearth = await startTestHearth({ secrets: createMemorySecretStore() });
  const hosted = await hearth.service.hostOrganization({
    organizationName: 'Lakeside Bakery',
    fullName: 'Dana Baker',
    email,
    password: 'flour and water',
    language: 'en',
  });
  expect(hosted).toMatchObject({ ok: true });
  await connected(hearth.app);
  serverUrl = hearth.app.active().account.serverUrl;
}, 60_000);

afterAll(async () => {
  await hearth?.stop();
  if (hearth) await removeProfile(hearth.profileDir);
});

describe('exporting the organization', () => {
  const exportsDir = () => join(hearth.profileDir, 'organization', 'exports');

  it('writes nothing when the person declines, having named the organization and the folder', async () => {
    const asked = answering(false);
    await expect(hearth.service.exportForZulip({ zulipVersion: 11 })).resolves.toEqual({
      ok: false,
      reason: 'declined',
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe(
      `Export Lakeside Bakery for Zulip 11 to a new folder in ${exportsDir()}?`,
    );
    expect(asked[0]?.action).toBe('Export');
    expect(existsSync(exportsDir()) ? await readdir(exportsDir()) : []).toEqual([]);
  });

  it('writes the export there once the person accepts', async () => {
    answering(true);
    const done = await hearth.service.exportForZulip({ zulipVersion: 11 });
    if (!done.ok) throw new Error('the export was declined');
    expect(done.export.outDir.startsWith(`${exportsDir()}/`)).toBe(true);
    expect(await readdir(exportsDir())).toHaveLength(1);
    expect(existsSync(join(done.export.outDir, 'realm.json'))).toBe(true);
  });
});

describe('a new API key', () => {
  it('keeps the key when the person declines, having named the organization and the account', async () => {
    const before = await ownerKey();
    const asked = answering(false);
    await expect(hearth.service.regenerateApiKey({})).resolves.toEqual({
      ok: false,
      reason: 'declined',
    });
    expect(asked.map(({ message }) => message)).toEqual([
      `Regenerate your API key for Lakeside Bakery (${email})?`,
    ]);
    expect(asked[0]?.detail).toContain('Every other app signed in with the current key');
    expect(await ownerKey()).toBe(before);
    expect((await api(before, 'GET', 'users/me')).status).toBe(200);
  });

  it('replaces it once the person accepts: the old key is refused', async () => {
    const before = await ownerKey();
    answering(true);
    await expect(hearth.service.regenerateApiKey({})).resolves.toEqual({ ok: true });
    const after = await ownerKey();
    expect(after).not.toBe(before);
    expect((await api(before, 'GET', 'users/me')).status).toBe(401);
    expect((await api(after, 'GET', 'users/me')).status).toBe(200);
    await connected(hearth.app);
  });
});

describe('restoring a backup', () => {
  let backup: { name: string; takenAt: number };
  let laterMessage: number;

  beforeAll(async () => {
    await hearth.service.backUpHosting({});
    const { backups } = await hearth.service.getHosting({});
    const [newest] = backups.files;
    if (!newest) throw new Error('no backup was taken');
    backup = newest;
    const sent = await api(await ownerKey(), 'POST', 'messages', {
      type: 'stream',
      to: 'general',
      topic: 'after the backup',
      content: 'Written after the backup',
    });
    laterMessage = ((await sent.json()) as { id: number }).id;
  }, 30_000);

  const laterMessageStatus = async () =>
    (await api(await ownerKey(), 'GET', `messages/${laterMessage}`)).status;

  it('keeps the database when the person declines, having named the backup’s time', async () => {
    const asked = answering(false);
    await expect(hearth.service.restoreBackup({ name: backup.name })).resolves.toEqual({
      ok: false,
      reason: 'declined',
    });
    const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(asked.map(({ message }) => message)).toEqual([
      `Restore the backup of Lakeside Bakery from ${time.format(backup.takenAt)}? What changed since is lost.`,
    ]);
    expect(await laterMessageStatus()).toBe(200);
  });

  it('asks nothing about a backup that does not exist', async () => {
    const asked = answering(true);
    await expect(
      hearth.service.restoreBackup({ name: 'hearth-20000101-000000000.sqlite3' }),
    ).rejects.toThrow('There is no such backup.');
    expect(asked).toEqual([]);
  });

  it('restores it once the person accepts: what was written since is gone', async () => {
    answering(true);
    await expect(hearth.service.restoreBackup({ name: backup.name })).resolves.toEqual({
      ok: true,
    });
    expect(await laterMessageStatus()).toBe(400);
  }, 60_000);
});

describe('serving the network', () => {
  const freePort = async () => {
    const free = await occupyPort('127.0.0.1');
    const port = portOf(free);
    await release(free);
    return port;
  };

  it('stays on this computer when the person declines, having named the address', async () => {
    const port = await freePort();
    const asked = answering(false);
    await expect(
      hearth.service.setHostingNetwork({ exposure: { address: '127.0.0.1', port } }),
    ).resolves.toEqual({ ok: false, reason: 'declined' });
    expect(asked.map(({ message }) => message)).toEqual([
      `Serve Lakeside Bakery to other computers on this network at https://127.0.0.1:${port}?`,
    ]);
    const { network, addresses } = await hearth.service.getHosting({});
    expect(network.exposure).toBeNull();
    expect(addresses.map(({ scope }) => scope)).toEqual(['this computer']);
    expect(await listening(port)).toBe(false);
  });

  it('names every address of this computer for all of them', async () => {
    const asked = answering(false);
    await hearth.service.setHostingNetwork({ exposure: { address: '0.0.0.0', port: 9443 } });
    const { network } = await hearth.service.getHosting({});
    const urls = network.interfaces.map(({ address }) => `https://${address}:9443`);
    expect(asked[0]?.message).toBe(
      urls.length > 0
        ? `Serve Lakeside Bakery to other computers on this network at ${urls.join(', ')}?`
        : 'Serve Lakeside Bakery to other computers on this network on every address this computer will have?',
    );
  });

  it('serves it once the person accepts, and stops without asking', async () => {
    const port = await freePort();
    const asked = answering(true);
    await expect(
      hearth.service.setHostingNetwork({ exposure: { address: '127.0.0.1', port } }),
    ).resolves.toEqual({ ok: true });
    const { network } = await hearth.service.getHosting({});
    expect(network.exposure).toEqual({ address: '127.0.0.1', port });
    expect(network.fingerprint).toEqual(expect.any(String));
    expect(await listening(port)).toBe(true);

    await expect(hearth.service.setHostingNetwork({ exposure: null })).resolves.toEqual({
      ok: true,
    });
    expect(asked).toHaveLength(1);
    expect((await hearth.service.getHosting({})).network.exposure).toBeNull();
    expect(await listening(port)).toBe(false);
  }, 60_000);
});
