import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsDirOf } from '../../src-main/server/backups/backupFiles';
import type { DamagedDatabaseError } from '../../src-main/server/backups/damagedDatabase';
import { startHost, type Host } from '../../src-main/server/host';
import { damagePageOf } from '../helpers/diskFaults';
import { asOwnerOf, startOrg, testPasswordCost, type Org } from '../helpers/org';

// Issue 55, point 2: a damaged host database is found when the host opens
// it and at the first SQLITE_CORRUPT while it serves; it is never served,
// and the host names the newest sound backup and how to restore it.

const day = 24 * 60 * 60 * 1000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function orgWithHistory(): Promise<Org> {
  const org = await startOrg({ backups: { keep: 5, everyMs: day } });
  cleanups.push(() => org.close());
  const alice = await org.user('alice');
  await org.subscribe(alice, 'ledger');
  for (let i = 0; i < 200; i += 1) {
    await org.sendStream(alice, 'ledger', 'entries', `entry ${i} ${'x'.repeat(300)}`);
  }
  return org;
}

describe('a damaged host database', () => {
  it('is found at start and not served; the host names the newest sound backup and the command that restores it', async () => {
    const org = await orgWithHistory();
    const alice = await org.user('alice');
    const sound = await org.backups?.take();
    const soundId = await org.sendStream(alice, 'ledger', 'entries', 'after the sound backup');
    // A newer backup that itself went bad on disk is passed over.
    const spoiled = await org.backups?.take();
    if (!sound || !spoiled) throw new Error('the host takes no backups');
    damagePageOf(spoiled.path, 'messages');
    await org.stop();
    const databasePath = join(org.dataDir, 'hearth.sqlite3');
    damagePageOf(databasePath, 'messages_by_topic');
    const damaged = await readFile(databasePath);

    const refused = await org.start().then(
      () => null,
      (error: unknown) => error as DamagedDatabaseError,
    );
    expect(refused?.message).toContain(`The organization's database ${databasePath} is damaged`);
    expect(refused?.message).toContain(
      `The newest backup that passes SQLite's integrity check is ${sound.name}`,
    );
    expect(refused?.message).toContain(
      `npm run serve -- --data-dir ${org.dataDir} --restore ${sound.path}`,
    );
    expect(refused?.message).toContain('Hosting › Backups › Restore');
    expect(refused?.backup?.name).toBe(sound.name);
    // Nothing was written to the damaged file: it stays for the owner, or SQLite's .recover.
    expect(await readFile(databasePath)).toEqual(damaged);

    await org.start({ restoreFrom: sound.path });
    const read = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 300,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'ledger' }],
    });
    expect(read.status).toBe(200);
    const ids = (read.json as { messages: { id: number; content: string }[] }).messages;
    expect(ids).toHaveLength(200);
    expect(ids.some((message) => message.id === soundId)).toBe(false);
    const kept = (await readdir(org.dataDir)).filter((name) => name.includes('.replaced-'));
    expect(kept.length).toBeGreaterThan(0);
  });

  it('says so when no backup passes the integrity check', async () => {
    const org = await orgWithHistory();
    await org.stop();
    damagePageOf(join(org.dataDir, 'hearth.sqlite3'), 'messages');
    await expect(org.start()).rejects.toThrow(
      `No backup in ${backupsDirOf(org.dataDir)} passes SQLite's integrity check`,
    );
  });

  it('stops serving at the first SQLITE_CORRUPT while it runs, and says what to restore', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hearth-damage-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const options = {
      dataDir,
      port: 0,
      rateLimits: false as const,
      backups: { keep: 5, everyMs: day },
      passwordHashing: { cost: testPasswordCost },
    };
    const first = await startHost(options);
    const sent = await asOwnerOf(first)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'plans',
      content: 'Written before the disk went bad',
    });
    expect(sent.status).toBe(200);
    const backup = await first.backups?.take();
    await first.close();

    let damaged: (damage: DamagedDatabaseError) => void = () => undefined;
    const told = new Promise<DamagedDatabaseError>((resolve) => (damaged = resolve));
    const host: Host = await startHost({ ...options, onDamaged: (damage) => damaged(damage) });
    cleanups.push(() => host.close());
    // The full-text index is read first by a search: the sector under it
    // fails now, after the host checked the file and began serving.
    damagePageOf(join(dataDir, 'hearth.sqlite3'), 'messages_fts_data');

    const searched = await asOwnerOf(host)('GET', '/messages', {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'search', operand: 'disk' }],
    });
    expect(searched.status).toBe(500);
    expect(searched.json).toEqual({
      result: 'error',
      msg: "The organization's database is damaged: the server stops serving it until its owner restores a backup.",
      code: 'INTERNAL_SERVER_ERROR',
    });
    const damage = await told;
    expect(damage.message).toContain('is damaged');
    expect(damage.backup?.name).toBe(backup?.name);
    // The host has closed: nothing more is answered from the damaged file.
    await expect(fetch(`${host.url}/api/v1/server_settings`)).rejects.toThrow();
  });
});
