import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityProblem } from '../../src-main/server/backups/checkDatabase';
import { fillDisk, mountSmallDisk, unmountDisk } from '../helpers/diskFaults';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Issue 55, point 1: the host's data folder on a small disk of its own (a
// tmpfs this test mounts), filled while people send. Each refused request
// gets a JSON error, nothing kept is lost or half-written, reads go on, and
// the first write once space is freed succeeds, without a restart.

let disk = '';
let org: Org;
let alice: TestUser;

beforeAll(async () => {
  disk = await mkdtemp(join(tmpdir(), 'hearth-full-disk-'));
  mountSmallDisk(disk, 24);
  org = await startOrg({ dataDir: disk });
  alice = await org.user('alice');
  await org.subscribe(alice, 'ledger');
});

afterAll(async () => {
  await org?.close();
  if (disk) {
    unmountDisk(disk);
    await rm(disk, { recursive: true, force: true });
  }
});

const send = (content: string) =>
  org.api(alice)('POST', '/messages', { type: 'stream', to: 'ledger', topic: 'entries', content });

async function ledger(): Promise<Map<number, string>> {
  const read = await org.api(alice)('GET', '/messages', {
    anchor: 'newest',
    num_before: 5000,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'ledger' }],
    apply_markdown: false,
  });
  expect(read.status).toBe(200);
  const messages = read.json.messages as { id: number; content: string }[];
  return new Map(messages.map((message) => [message.id, message.content]));
}

describe('a host whose disk fills up', () => {
  it('refuses each change with a JSON error, keeps and serves what it holds, and saves again once space is freed', async () => {
    const acknowledged = new Map<number, string>();
    for (let i = 0; i < 20; i += 1) {
      const content = `entry ${i} before the disk filled`;
      const sent = await send(content);
      expect(sent.status).toBe(200);
      acknowledged.set(sent.json.id as number, content);
    }
    const filler = join(disk, 'filler');
    fillDisk(filler);

    // Sends go on while the database's write-ahead log has room it already holds.
    const padding = 'x'.repeat(2000);
    let refused = null;
    for (let i = 0; i < 5000 && refused === null; i += 1) {
      const content = `entry ${i} on a full disk ${padding}`;
      const sent = await send(content);
      if (sent.status === 200) acknowledged.set(sent.json.id as number, content);
      else refused = sent;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.json).toEqual({
      result: 'error',
      code: 'DISK_FULL',
      msg: "The server's disk is full: nothing was saved. Try again once its owner has freed some space.",
    });
    expect(org.host.diskFull()).toBe(true);

    // Reads go on, and hold every acknowledged message whole.
    expect(await ledger()).toEqual(acknowledged);

    await rm(filler);
    const after = await send('the first entry once space was freed');
    expect(after.status).toBe(200);
    acknowledged.set(after.json.id as number, 'the first entry once space was freed');
    expect(org.host.diskFull()).toBe(false);
    expect(await ledger()).toEqual(acknowledged);

    await org.stop();
    expect(integrityProblem(join(disk, 'hearth.sqlite3'))).toBeNull();
    await org.start();
    expect(await ledger()).toEqual(acknowledged);
  });
});
