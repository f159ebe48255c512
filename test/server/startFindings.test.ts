import { existsSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsDirOf } from '../../src-main/server/backups/backupFiles';
import { restorePaths } from '../../src-main/server/backups/restorePaths';
import type { StartFinding } from '../../src-main/server/backups/startFindings';
import { databaseFileOf, exportsDirOf } from '../../src-main/server/export/exportFolder';
import { startHost } from '../../src-main/server/host';
import { startOrg, type Org } from '../helpers/org';

// Issue 55, point 5: after a kill during a backup, an export or a restore,
// the host's next start leaves nothing half-done and says what it found,
// not only in its log but to whoever started it (the app's Hosting page).
// The files here are those a kill leaves at each point (test/faults/
// hostKills.test.ts kills the real operations to leave them).

let org: Org | undefined;
afterEach(async () => {
  await org?.close();
  org = undefined;
});

/** A stopped organization with one backup, and one message sent after it. */
async function stoppedWithBackup(): Promise<{ org: Org; backupPath: string }> {
  const started = await startOrg({ backups: { keep: 3, everyMs: 86_400_000 } });
  org = started;
  await started.subscribe(started.owner, 'ledger');
  await started.sendStream(started.owner, 'ledger', 'entries', 'before the backup');
  const backup = await started.backups?.take();
  if (!backup) throw new Error('no backup taken');
  await started.sendStream(started.owner, 'ledger', 'entries', 'after the backup');
  await started.stop();
  return { org: started, backupPath: backup.path };
}

async function ledger(started: Org): Promise<string[]> {
  const answer = await started.api(started.owner)('GET', '/messages', {
    anchor: 'newest',
    num_before: 100,
    num_after: 0,
    narrow: [{ operator: 'channel', operand: 'ledger' }],
    apply_markdown: false,
  });
  expect(answer.status).toBe(200);
  return (answer.json.messages as { content: string }[]).map((message) => message.content);
}

describe('what the host finds at its start', () => {
  it('finishes a restore past its marker, removes partial copies, and names each', async () => {
    const { org: stopped, backupPath } = await stoppedWithBackup();
    const { dataDir } = stopped;
    const databasePath = databaseFileOf(dataDir);
    // A restore killed once its copy was ready and its marker written.
    const { restoring, marker } = restorePaths(databasePath);
    const replacedPath = `${databasePath}.replaced-1`;
    await copyFile(backupPath, restoring);
    await writeFile(marker, JSON.stringify({ replacedPath, backupPath }));
    // A backup killed while SQLite copied it, and an export while it wrote its files.
    const partialBackup = join(backupsDirOf(dataDir), '.hearth-20260101-000000000.sqlite3.partial');
    await copyFile(backupPath, partialBackup);
    await writeFile(`${partialBackup}-journal`, '');
    const partialExport = join(exportsDirOf(dataDir), '.zulip-export-20260101T000000Z.partial');
    await mkdir(partialExport, { recursive: true });
    await writeFile(join(partialExport, 'realm.json'), '{');

    await stopped.start();

    expect(stopped.host.foundAtStart).toEqual([
      {
        kind: 'restore-finished',
        backup: basename(backupPath),
        replacedPath,
      },
      { kind: 'partial-backups-removed', names: ['hearth-20260101-000000000.sqlite3'] },
      { kind: 'partial-exports-removed', names: ['zulip-export-20260101T000000Z'] },
    ]);
    expect(await ledger(stopped)).toEqual(['before the backup']);
    expect(existsSync(replacedPath)).toBe(true);
    expect(readdirSync(dataDir).filter((name) => name.includes('.restoring'))).toEqual([]);
    expect(readdirSync(backupsDirOf(dataDir))).toEqual([basename(backupPath)]);
    expect(readdirSync(exportsDirOf(dataDir))).toEqual([]);
  });

  it('drops a restore cut short before its marker, and says the database is as it was', async () => {
    const { org: stopped, backupPath } = await stoppedWithBackup();
    const { restoring } = restorePaths(databaseFileOf(stopped.dataDir));
    await copyFile(backupPath, restoring);

    await stopped.start();

    expect(stopped.host.foundAtStart).toEqual([{ kind: 'restore-dropped' }]);
    expect(await ledger(stopped)).toEqual(['before the backup', 'after the backup']);
    expect(existsSync(restoring)).toBe(false);
  });

  it('says what it found even when the start then fails', async () => {
    const { org: stopped, backupPath } = await stoppedWithBackup();
    await copyFile(backupPath, restorePaths(databaseFileOf(stopped.dataDir)).restoring);
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const said: StartFinding[][] = [];
    try {
      await expect(
        startHost({
          dataDir: stopped.dataDir,
          port: (busy.address() as AddressInfo).port,
          announce: false,
          onFoundAtStart: (found) => said.push([...found]),
        }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      busy.close();
    }
    expect(said).toEqual([[{ kind: 'restore-dropped' }]]);
  });

  it('finds nothing after a clean stop', async () => {
    const { org: stopped } = await stoppedWithBackup();
    await stopped.start();
    expect(stopped.host.foundAtStart).toEqual([]);
  });
});
