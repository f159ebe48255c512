// `faultChild.ts OPERATION DATA_DIR [KILL_AT]`: runs one of the host's
// long operations on the organization in DATA_DIR, as the host runs it,
// counting its writes (writeCounter.ts); given KILL_AT, it is killed with
// SIGKILL just before that write. Prints how many writes the operation
// made, once it finished.
//   backup   a backup, as Hosting › Back up now takes one
//   export   an export for Zulip 12, into exports/for-zulip
//   restore  the newest backup put in place of the database, as a start
//            with --restore does before the host opens it
//   move     the 1,000 messages of #ledger › moving moved to #archive
import { join } from 'node:path';
import { countingWrites } from './writeCounter';
import { listBackups, backupsDirOf } from '../../src-main/server/backups/backupFiles';
import { restoreBackup } from '../../src-main/server/backups/restoreBackup';
import { exportForZulip } from '../../src-main/server/export/exportOrganization';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { startHost, type Host } from '../../src-main/server/host';
import { asOwnerOf } from './org';

const [operation, dataDir, killAtArgument] = process.argv.slice(2);
if (operation === undefined || dataDir === undefined) {
  throw new Error('usage: faultChild.ts backup|export|restore|move DATA_DIR [KILL_AT]');
}
const killAt = killAtArgument === undefined ? undefined : Number(killAtArgument);

/** The operation's own work, and what ends the process's part after it (closing the host). */
interface Operation {
  work: () => Promise<void>;
  after: () => Promise<void>;
}

const startedHost = (folder: string) =>
  startHost({
    dataDir: folder,
    port: 0,
    announce: false,
    rateLimits: false,
    backups: { keep: 10, everyMs: 86_400_000 },
  });

async function moveLedger(host: Host): Promise<() => Promise<void>> {
  const api = asOwnerOf(host);
  const archive = (await api('GET', '/get_stream_id', { stream: 'archive' })).json.stream_id;
  const moving = await api('GET', '/messages', {
    anchor: 'oldest',
    num_before: 0,
    num_after: 1,
    narrow: [
      { operator: 'channel', operand: 'ledger' },
      { operator: 'topic', operand: 'moving' },
    ],
  });
  const first = moving.json.messages[0]?.id as number | undefined;
  if (typeof archive !== 'number' || first === undefined) throw new Error('nothing to move');
  return async () => {
    const moved = await api('PATCH', `/messages/${first}`, {
      stream_id: archive,
      propagate_mode: 'change_all',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    });
    if (moved.status !== 200)
      throw new Error(`the move was refused: ${JSON.stringify(moved.json)}`);
  };
}

async function operationOf(name: string, folder: string): Promise<Operation> {
  const nothing = async () => undefined;
  if (name === 'restore') {
    const [newest] = await listBackups(backupsDirOf(folder));
    if (!newest) throw new Error('no backup to restore');
    return {
      work: async () => {
        await restoreBackup(databaseFileOf(folder), newest.path);
      },
      after: nothing,
    };
  }
  const host = await startedHost(folder);
  const after = () => host.close();
  if (name === 'backup') {
    return {
      work: async () => {
        await host.backups?.take();
      },
      after,
    };
  }
  if (name === 'export') {
    return {
      work: async () => {
        await exportForZulip({
          databasePath: databaseFileOf(folder),
          outDir: join(folder, 'exports', 'for-zulip'),
          zulipVersion: 12,
        });
      },
      after,
    };
  }
  if (name === 'move') return { work: await moveLedger(host), after };
  await host.close();
  throw new Error(`no operation ${name}`);
}

// Only the operation's own writes count: the host's start and close do not.
const { work, after } = await operationOf(operation, dataDir);
const writes = await countingWrites(work, killAt);
await after();
process.stdout.write(String(writes));
