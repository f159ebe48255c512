import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityProblem } from '../../src-main/server/backups/checkDatabase';
import { exportForZulip } from '../../src-main/server/export/exportOrganization';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { postFiles } from '../helpers/uploads';

// Issue 55, point 1, beyond sends: uploads (their bytes in the database, or
// a resumable upload's in a file of its own), a backup and an export, each
// on a data folder whose disk fills. What is refused says so in JSON or in
// words; nothing half-written is left or counted; what was kept stays; and
// each works again once space is freed, with no restart.

let disk = '';
let org: Org;
let alice: TestUser;

beforeAll(async () => {
  disk = await mkdtemp(join(tmpdir(), 'hearth-full-disk-copies-'));
  mountSmallDisk(disk, 32);
  org = await startOrg({ dataDir: disk, backups: { keep: 5, everyMs: 86_400_000 } });
  alice = await org.user('alice');
  await org.subscribe(alice, 'ledger');
  for (let i = 0; i < 20; i += 1) {
    await org.api(alice)('POST', '/messages', {
      type: 'stream',
      to: 'ledger',
      topic: 'entries',
      content: `entry ${i}`,
    });
  }
});

afterAll(async () => {
  await org?.close();
  if (disk) {
    unmountDisk(disk);
    await rm(disk, { recursive: true, force: true });
  }
});

const diskFullReply = {
  result: 'error',
  code: 'DISK_FULL',
  msg: "The server's disk is full: nothing was saved. Try again once its owner has freed some space.",
};

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 251));

const tus = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
  fetch(path.startsWith('http') ? path : `${org.url}/api/v1/tus${path}`, {
    method,
    headers: {
      'Tus-Resumable': '1.0.0',
      authorization: `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`,
      ...headers,
    },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });

const patch = (location: string, offset: number, body: Buffer) =>
  tus(
    'PATCH',
    location,
    { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
    body,
  );

// Compared by digest: a deep comparison of megabytes takes seconds.
const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The digest of the file the host serves at `url`. */
const served = async (url: string) => {
  const response = await fetch(new URL(url, org.url), {
    headers: {
      authorization: `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`,
    },
  });
  return digest(Buffer.from(await response.arrayBuffer()));
};

/** Fills the disk for `work`, then frees it, whatever `work` does. */
async function onFullDisk<T>(work: () => Promise<T>): Promise<T> {
  const filler = join(disk, 'filler');
  fillDisk(filler);
  try {
    return await work();
  } finally {
    await rm(filler);
  }
}

describe('uploads on a full disk', () => {
  it('refuses each with a JSON error, keeps what part of a resumable one arrived, and takes the rest once space is freed', async () => {
    const whole = bytes(3 * 1024 * 1024, 7);
    const created = await tus('POST', '', {
      'Upload-Length': String(whole.length),
      'Upload-Metadata': `filename ${Buffer.from('plan.bin').toString('base64')}`,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';

    const kept: { url: string; data: Buffer }[] = [];
    const { refused, resumable, arrived } = await onFullDisk(async () => {
      // The database's write-ahead log takes what fits in the room it already holds.
      let refusal = null;
      for (let i = 0; i < 40 && refusal === null; i += 1) {
        const data = bytes(1024 * 1024, i);
        const answer = await postFiles(org, alice, 'POST', '/user_uploads', [
          { name: 'file', data },
        ]);
        if (answer.status === 200) kept.push({ url: String(answer.json.url), data });
        else refusal = answer;
      }
      const partly = await patch(location, 0, whole);
      const offset = Number((await tus('HEAD', location, {})).headers.get('upload-offset'));
      return {
        refused: refusal,
        resumable: { status: partly.status, json: await partly.json() },
        arrived: offset,
      };
    });
    expect(refused).toEqual({ status: 507, json: diskFullReply });
    expect(resumable).toEqual({ status: 507, json: diskFullReply });
    expect(arrived).toBeLessThan(whole.length);
    for (const { url, data } of kept) expect(await served(url)).toBe(digest(data));

    const rest = await patch(location, arrived, whole.subarray(arrived));
    expect(rest.status).toBe(200);
    const { url } = (await rest.json()) as { url: string };
    expect(await served(url)).toBe(digest(whole));
    const again = await postFiles(org, alice, 'POST', '/user_uploads', [
      { name: 'file', data: bytes(4096, 3) },
    ]);
    expect(again.status).toBe(200);
    expect(await readdir(join(disk, 'tus'))).toEqual([]);
  });
});

describe('a backup and an export on a full disk', () => {
  it('are refused, saying why, leave nothing half-written and keep the earlier backups, and are taken once space is freed', async () => {
    const backups = org.backups;
    if (!backups) throw new Error('the host takes no backups');
    const earlier = await backups.take();
    const exportTo = join(disk, 'exports', 'for-zulip');

    const refused = await onFullDisk(async () => ({
      backup: await backups.take().then(
        () => null,
        (error: unknown) => String(error),
      ),
      export: await exportForZulip({
        databasePath: databaseFileOf(org.dataDir),
        outDir: exportTo,
        zulipVersion: 12,
      }).then(
        () => null,
        (error: unknown) => String(error),
      ),
    }));
    expect(refused).toEqual({
      backup:
        "Error: The disk holding the organization's data is full: the backup was not taken; the earlier ones are kept. Free some space, then try again.",
      export:
        "Error: The disk holding the organization's data is full: the export was not written, and nothing of it is left. Free some space, then try again.",
    });
    expect((await backups.list()).map((backup) => backup.name)).toEqual([earlier.name]);
    expect(await readdir(join(disk, 'backups'))).toEqual([earlier.name]);
    expect(await readdir(join(disk, 'exports')).catch(() => [])).toEqual([]);
    expect(integrityProblem(join(disk, 'backups', earlier.name))).toBeNull();

    const taken = await backups.take();
    expect((await backups.list()).map((backup) => backup.name)).toEqual([taken.name, earlier.name]);
    expect(integrityProblem(join(disk, 'backups', taken.name))).toBeNull();
    const exported = await exportForZulip({
      databasePath: databaseFileOf(org.dataDir),
      outDir: exportTo,
      zulipVersion: 12,
    });
    expect(exported.outDir).toBe(exportTo);
    expect(JSON.parse(await readFile(join(exportTo, 'realm.json'), 'utf8'))).toHaveProperty(
      'zerver_realm',
    );
  });
});
