import { backupsDirOf, type BackupFile } from './backupFiles';
import { newestSoundBackup } from './checkDatabase';

/** A path as a POSIX shell reads it back: quoted where it holds anything but plain characters. */
const shellWord = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

/** The organization's database is damaged: the host does not serve it. */
export class DamagedDatabaseError extends Error {
  constructor(
    message: string,
    /** The newest backup that passes `integrity_check`, to restore; null when none does. */
    readonly backup: BackupFile | null,
  ) {
    super(message);
  }
}

/**
 * What the host says of its damaged database: what SQLite found, and how its
 * owner puts back the newest backup that passes SQLite's integrity check.
 */
export async function damagedDatabase(
  dataDir: string,
  databasePath: string,
  found: string,
): Promise<DamagedDatabaseError> {
  const backup = await newestSoundBackup(dataDir);
  const head = `The organization's database ${databasePath} is damaged (SQLite: ${found}); Hearth does not serve it.`;
  if (!backup) {
    return new DamagedDatabaseError(
      `${head} No backup in ${backupsDirOf(dataDir)} passes SQLite's integrity check. The damaged file stays as it is, for SQLite's .recover command to read what it can.`,
      null,
    );
  }
  const command = `npm run serve -- --data-dir ${shellWord(dataDir)} --restore ${shellWord(backup.path)}`;
  return new DamagedDatabaseError(
    `${head} The newest backup that passes SQLite's integrity check is ${backup.name}, taken ${new Date(backup.takenAt).toISOString()}. Restore it with: ${command} (in the app: Hosting › Backups › Restore, on that backup). The damaged database is kept beside the restored one.`,
    backup,
  );
}
