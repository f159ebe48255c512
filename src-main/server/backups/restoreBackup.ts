import { copyFile, open, rename, rm, writeFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { integrityProblem } from './checkDatabase';
import { restorePaths, suffixes } from './restorePaths';

/**
 * Puts the backup at `backupPath` in place of the database at `databasePath`,
 * which no host may have open. The database it replaces is kept beside it
 * (`.replaced-<time>`), and what the backup may not reuse is carried over:
 * IDs already handed out (messages, users…) and event queue generations, so
 * that no client ever sees one ID name two things. Event queues are dropped:
 * every client registers again and catches up.
 */
export async function restoreBackup(
  databasePath: string,
  backupPath: string,
): Promise<{ replacedPath: string }> {
  const problem = integrityProblem(backupPath);
  if (problem !== null) throw new Error(`This backup fails SQLite's integrity check: ${problem}`);

  const { restoring, marker } = restorePaths(databasePath);
  await copyFile(backupPath, restoring);
  const open = (path: string, readonly: boolean) => new Database(path, { readonly });
  const current = await readCounters(databasePath, open);
  const restored = open(restoring, false);
  try {
    restored.transaction(() => {
      const raise = restored.prepare('UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?');
      const add = restored.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)');
      for (const { name, seq } of current.sequences) {
        if (raise.run(seq, name).changes === 0) add.run(name, seq);
      }
      if (current.generation !== null) {
        restored
          .prepare('UPDATE event_queue_generation SET generation = MAX(generation, ?)')
          .run(current.generation);
      }
      restored.exec('DELETE FROM event_queues; DELETE FROM event_notices;');
    })();
  } finally {
    restored.close();
  }

  await rm(`${restoring}-wal`, { force: true });
  await flushed(restoring);

  // From the marker on, a start after a kill finishes the restore
  // (interruptedRestore.ts), and names the backup to the owner; before it,
  // the copy is dropped and the database stays as it was.
  const replacedPath = `${databasePath}.replaced-${Date.now()}`;
  await writeFile(`${marker}.new`, JSON.stringify({ replacedPath, backupPath }));
  await flushed(`${marker}.new`);
  await rename(`${marker}.new`, marker);
  for (const suffix of suffixes) {
    await rename(`${databasePath}${suffix}`, `${replacedPath}${suffix}`).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
  }
  await rename(restoring, databasePath);
  await rm(marker);
  return { replacedPath };
}

/** Waits until the file's bytes are on the disk, not only in the page cache. */
async function flushed(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}

async function readCounters(
  databasePath: string,
  open: (path: string, readonly: boolean) => Database.Database,
): Promise<{ sequences: { name: string; seq: number }[]; generation: number | null }> {
  let db: Database.Database;
  try {
    db = open(databasePath, true);
  } catch {
    // Nothing to carry over from a database that is gone or unreadable.
    return { sequences: [], generation: null };
  }
  try {
    const sequences = db.prepare('SELECT name, seq FROM sqlite_sequence').all() as {
      name: string;
      seq: number;
    }[];
    const row = db.prepare('SELECT generation FROM event_queue_generation WHERE id = 1').get() as
      { generation: number } | undefined;
    return { sequences, generation: row?.generation ?? null };
  } finally {
    db.close();
  }
}
