import { basename } from 'node:path';
import { exportsDirOf } from '../export/exportFolder';
import { copiesOf, removePartialCopies } from '../store/partialCopies';
import { backupsDirOf } from './backupFiles';
import { endInterruptedRestore } from './interruptedRestore';

/**
 * Work a kill or a crash cut short that a host found at its start, once it
 * has ended it. The log says it too, but the owner who runs Hearth from the
 * app reads the Hosting page, never the log.
 */
export type StartFinding =
  /** The restore had put the backup in place: it is finished, the database it replaced kept. */
  | { kind: 'restore-finished'; backup: string; replacedPath: string }
  /** The restore had not replaced the database, which is as it was. */
  | { kind: 'restore-dropped' }
  /** Partial copies removed, by the name each would have had once whole. */
  | { kind: 'partial-backups-removed'; names: string[] }
  | { kind: 'partial-exports-removed'; names: string[] };

/**
 * Ends what a kill left half-done in `dataDir` before the database opens
 * (a restore is finished or dropped, partial backups and exports removed),
 * logs each, and says what it found; nothing when nothing was cut short.
 */
export async function endWorkCutShort(
  dataDir: string,
  databasePath: string,
  log: (line: string) => void,
): Promise<StartFinding[]> {
  const found: StartFinding[] = [];
  const restore = await endInterruptedRestore(databasePath, log);
  if (restore?.kind === 'finished') {
    const { backupPath, replacedPath } = restore;
    found.push({ kind: 'restore-finished', backup: basename(backupPath), replacedPath });
  } else if (restore?.kind === 'dropped') {
    found.push({ kind: 'restore-dropped' });
  }
  const backups = await removed(backupsDirOf(dataDir), 'a backup cut short', log);
  if (backups.length > 0) found.push({ kind: 'partial-backups-removed', names: backups });
  const exports = await removed(exportsDirOf(dataDir), 'an export cut short', log);
  if (exports.length > 0) found.push({ kind: 'partial-exports-removed', names: exports });
  return found;
}

/** The copies whose partial files it removed from `dir`, each file logged as the log always said. */
async function removed(dir: string, what: string, log: (line: string) => void): Promise<string[]> {
  const files = await removePartialCopies(dir);
  for (const name of files) log(`removed ${name}, ${what}`);
  return copiesOf(files);
}
