import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDirOf } from '../../src-main/server/backups/backupFiles';
import { integrityProblem } from '../../src-main/server/backups/checkDatabase';
import { endInterruptedRestore } from '../../src-main/server/backups/interruptedRestore';
import { databaseFileOf, exportsDirOf } from '../../src-main/server/export/exportFolder';
import { startHost, type Host } from '../../src-main/server/host';
import { runOperation } from '../helpers/killedOperation';
import { asOwnerOf, startOrg, type Org } from '../helpers/org';
import { templateCopies } from '../helpers/templateCopies';

// Issue 55, point 5: the host killed with SIGKILL at points spread through
// a backup, an export, a restore and a move of 1,000 messages, each point
// a write the operation had reached and not passed (test/helpers/
// faultChild.ts counts them). On the next start nothing is half-done: no
// partial backup or export is left or counted, the restore is done or the
// old database is in place (and the host says which), and the move is
// whole or absent.

const { work, template, copy: copyOfTemplate } = templateCopies('host-kills');
const policy = { keep: 10, everyMs: 86_400_000 };
const moving = 1_000;
// #ledger holds these in the backup, and these more in the database itself.
const inBackup = moving + 5;
const inDatabase = inBackup + 10;
let org: Org;
let backupName = '';

beforeAll(async () => {
  org = await startOrg({ dataDir: template, backups: policy });
  const owner = org.owner;
  for (const stream of ['ledger', 'archive']) await org.subscribe(owner, stream);
  const say = (topic: string, content: string) => org.sendStream(owner, 'ledger', topic, content);
  for (let i = 0; i < moving; i += 1) await say('moving', `line ${i} of the ledger`);
  for (let i = 0; i < 5; i += 1) await say('kept', `kept ${i}`);
  backupName = (await org.backups?.take())?.name ?? '';
  for (let i = 0; i < 10; i += 1) await say('kept', `after the backup ${i}`);
  await org.stop();
}, 180_000);

afterAll(async () => {
  await org?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Four writes spread from the operation's first to its last, found by running it whole once. */
function killPoints(operation: string): number[] {
  const whole = runOperation(operation, copyOfTemplate());
  expect(whole.status, whole.stderr).toBe(0);
  const total = Number(whole.stdout);
  expect(total).toBeGreaterThanOrEqual(4);
  return [...new Set([0, 1, 2, 3].map((i) => Math.round((i * (total - 1)) / 3)))];
}

/** Kills the operation at each point and checks the host's next start on what it left. */
async function killedAt(operation: string, check: (dir: string, host: Host) => Promise<void>) {
  const points = killPoints(operation);
  expect(points.length).toBe(4);
  for (const point of points) {
    const dir = copyOfTemplate();
    const killed = runOperation(operation, dir, point);
    expect(killed.signal, `${operation} killed before write ${point}: ${killed.stderr}`).toBe(
      'SIGKILL',
    );
    const host = await startHost({ dataDir: dir, port: 0, announce: false, backups: policy });
    try {
      await check(dir, host);
    } finally {
      await host.close();
    }
    expect(integrityProblem(databaseFileOf(dir)), `${operation} killed at ${point}`).toBeNull();
  }
}

async function countIn(host: Host, stream: string, topic?: string): Promise<number> {
  const narrow = [{ operator: 'channel', operand: stream }];
  if (topic) narrow.push({ operator: 'topic', operand: topic });
  const answer = await asOwnerOf(host)('GET', '/messages', {
    anchor: 'newest',
    num_before: 5_000,
    num_after: 0,
    narrow,
  });
  expect(answer.status).toBe(200);
  return (answer.json.messages as unknown[]).length;
}

describe('the host killed at the worst moment', () => {
  it('counts no partial backup, and leaves no partial file, wherever a backup was killed', async () => {
    await killedAt('backup', async (dir, host) => {
      const names = (await host.backups?.list())?.map((backup) => backup.name) ?? [];
      expect(names.at(-1)).toBe(backupName);
      for (const finding of host.foundAtStart) {
        expect(finding).toEqual({ kind: 'partial-backups-removed', names: [expect.any(String)] });
      }
      expect(names.length).toBeLessThanOrEqual(2);
      for (const name of names) expect(integrityProblem(join(backupsDirOf(dir), name))).toBeNull();
      expect(readdirSync(backupsDirOf(dir)).sort()).toEqual([...names].sort());
    });
  });

  it('leaves no partial export, wherever an export was killed', async () => {
    await killedAt('export', async (dir, host) => {
      const left = existsSync(exportsDirOf(dir)) ? readdirSync(exportsDirOf(dir)) : [];
      expect(left.filter((name) => name !== 'for-zulip')).toEqual([]);
      for (const finding of host.foundAtStart) {
        expect(finding).toEqual({ kind: 'partial-exports-removed', names: ['for-zulip'] });
      }
      if (left.length > 0) {
        expect(existsSync(join(exportsDirOf(dir), 'for-zulip', 'realm.json'))).toBe(true);
      }
    });
  });

  it('finishes a restore or keeps the old database, and says which, wherever it was killed', async () => {
    const said: string[] = [];
    const found: string[] = [];
    await killedAt('restore', async (dir, host) => {
      const ledger = await countIn(host, 'ledger');
      // The host's start has ended it already; what it found is in its log,
      // and in what it tells the app (a kill before the copy left nothing).
      found.push(ledger === inBackup ? 'restored' : 'as it was');
      expect([inBackup, inDatabase]).toContain(ledger);
      const said = host.foundAtStart.map((finding) => finding.kind).join();
      expect(ledger === inBackup ? ['restore-finished'] : ['', 'restore-dropped']).toContain(said);
      expect(readdirSync(dir).filter((name) => name.includes('.restoring'))).toEqual([]);
    });
    // What a start says of each kind: killed once the copy exists, and before the last write.
    for (const point of [1, killPoints('restore').at(-1) ?? 0]) {
      const dir = copyOfTemplate();
      expect(runOperation('restore', dir, point).signal).toBe('SIGKILL');
      await endInterruptedRestore(databaseFileOf(dir), (line) => said.push(line));
    }
    expect(found).toContain('as it was');
    expect(found).toContain('restored');
    expect(said).toEqual([
      'a restore was cut short before it replaced the database, which is as it was',
      expect.stringMatching(/^a restore was cut short; it is finished now: the backup is in place/),
    ]);
  });

  it(`moves all ${moving} messages or none, wherever the move was killed`, async () => {
    await killedAt('move', async (_dir, host) => {
      const left = await countIn(host, 'ledger', 'moving');
      const moved = await countIn(host, 'archive', 'moving');
      expect([
        [moving, 0],
        [0, moving],
      ]).toContainEqual([left, moved]);
    });
  });
});
