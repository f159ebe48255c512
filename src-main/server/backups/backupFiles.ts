import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A checked copy of the organization's database, as kept in the backups folder. */
export interface BackupFile {
  name: string;
  path: string;
  /**
   * When it was taken, in ms since 1970 (from its name, which sorts by it),
   * or just after the backup before it when the wall clock had moved back.
   */
  takenAt: number;
  bytes: number;
}

export const backupsDirOf = (dataDir: string): string => join(dataDir, 'backups');

const pattern = /^hearth-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(\d{3})\.sqlite3$/;

const two = (n: number) => String(n).padStart(2, '0');

/** The file name of a backup taken at `time`: UTC, to the millisecond, so names sort by age. */
export function backupName(time: Date): string {
  const date = `${time.getUTCFullYear()}${two(time.getUTCMonth() + 1)}${two(time.getUTCDate())}`;
  const clock = `${two(time.getUTCHours())}${two(time.getUTCMinutes())}${two(time.getUTCSeconds())}`;
  return `hearth-${date}-${clock}${String(time.getUTCMilliseconds()).padStart(3, '0')}.sqlite3`;
}

function takenAtOf(name: string): number | null {
  const parts = pattern.exec(name)?.slice(1).map(Number);
  if (!parts || parts.length !== 7) return null;
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0, ms = 0] = parts;
  return Date.UTC(year, month - 1, day, hours, minutes, seconds, ms);
}

/** The backups in `dir`, newest first; files that are not backups (a partial copy) are left out. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const found: BackupFile[] = [];
  for (const name of names) {
    const takenAt = takenAtOf(name);
    if (takenAt === null) continue;
    const path = join(dir, name);
    found.push({ name, path, takenAt, bytes: (await stat(path)).size });
  }
  return found.sort((a, b) => b.takenAt - a.takenAt);
}

/** Deletes all but the newest `keep` backups. */
export async function pruneBackups(dir: string, keep: number): Promise<void> {
  for (const old of (await listBackups(dir)).slice(keep)) await rm(old.path, { force: true });
}

/** Whether `name` is a backup's file name (and nothing that leads out of the backups folder). */
export const isBackupName = (name: string): boolean => pattern.test(name);
