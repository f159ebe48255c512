import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { isDamage } from '../store/storageFaults';
import { backupsDirOf, listBackups, type BackupFile } from './backupFiles';

type Check = 'integrity_check' | 'quick_check';

function problemOf(path: string, check: Check): string | null {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const found = (db.pragma(check) as Record<Check, string>[]).map((row) => row[check]);
    return found.length === 1 && found[0] === 'ok' ? null : found.join('; ');
  } catch (error) {
    if (!isDamage(error)) throw error;
    return (error as Error).message;
  } finally {
    db.close();
  }
}

/**
 * SQLite's `integrity_check` of the database file at `path`, opened read-only:
 * null when it holds, else what SQLite found.
 */
export const integrityProblem = (path: string): string | null => problemOf(path, 'integrity_check');

/**
 * SQLite's `quick_check`: every page read and every record well formed, but
 * indexes not compared with their tables, which is what makes
 * `integrity_check` slow on a large file; enough to find a file cut short or
 * written over.
 */
export const quickCheckProblem = (path: string): string | null => problemOf(path, 'quick_check');

/** The newest backup in the data folder that passes `integrity_check`; null when none does. */
export async function newestSoundBackup(dataDir: string): Promise<BackupFile | null> {
  for (const backup of await listBackups(backupsDirOf(dataDir))) {
    if (existsSync(backup.path) && integrityProblem(backup.path) === null) return backup;
  }
  return null;
}
