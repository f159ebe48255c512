import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Hosting } from '../../src-main/desktop/hosting';
import { spawnTsWorker } from './tsWorker';

const hostWorker = new URL('../../src-main/server/worker.ts', import.meta.url);
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-host-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const rows = z.array(z.unknown());
const realmFile = z.looseObject({ zerver_userprofile: rows, zerver_stream: rows });
const messageFile = z.looseObject({
  zerver_message: z.array(z.looseObject({ content: z.string() })),
  zerver_usermessage: rows,
});
const readJson = async <T>(schema: z.ZodType<T>, path: string) =>
  schema.parse(JSON.parse(await readFile(path, 'utf8')));

const basicAuth = (owner: { email: string; apiKey: string }) =>
  `Basic ${Buffer.from(`${owner.email}:${owner.apiKey}`).toString('base64')}`;

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
      headers: { authorization: basicAuth(owner) },
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

  it('exports the organization for Zulip while it serves, and says what it wrote', async () => {
    const hosting = hostingOnce();
    const { url, owner } = await hosting.start();
    try {
      const sent = await fetch(`${url}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: basicAuth(owner) },
        body: new URLSearchParams({
          type: 'direct',
          to: JSON.stringify([owner.userId]),
          content: 'A note to take along',
        }),
      });
      expect(sent.status).toBe(200);

      const { export: summary } = await hosting.request({ type: 'export-zulip', zulipVersion: 10 });

      expect(summary?.outDir).toMatch(/[\\/]exports[\\/]zulip-export-\d{8}T\d{6}Z$/);
      const outDir = summary?.outDir ?? '';
      const realm = await readJson(realmFile, join(outDir, 'realm.json'));
      const messages = await readJson(messageFile, join(outDir, 'messages-000001.json'));
      expect(summary).toMatchObject({
        zulipVersion: 10,
        users: realm.zerver_userprofile.length,
        streams: realm.zerver_stream.length,
        messages: messages.zerver_message.length,
        userMessages: messages.zerver_usermessage.length,
        refusedEmails: [],
      });
      expect(messages.zerver_message.map((row) => row.content)).toContain('A note to take along');
      expect((await fetch(`${url}/api/v1/server_settings`)).status).toBe(200);
    } finally {
      await hosting.stop();
    }
  });
});
