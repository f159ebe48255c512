import { existsSync } from 'node:fs';
import { quickCheckProblem } from './backups/checkDatabase';
import { damagedDatabase, type DamagedDatabaseError } from './backups/damagedDatabase';
import type { SqlOptions } from './store/sql';

/**
 * Throws, naming the backup to restore, when the database is damaged: every
 * page is read before the first request, so that a file cut short or
 * written over is found now rather than halfway through someone's write.
 */
export async function refuseDamagedDatabase(dataDir: string, databasePath: string): Promise<void> {
  if (!existsSync(databasePath)) return;
  const found = quickCheckProblem(databasePath);
  if (found !== null) throw await damagedDatabase(dataDir, databasePath, found);
}

export interface DatabaseFaults {
  /** What the host's Sql is told to call. */
  sqlOptions: Required<Pick<SqlOptions, 'onDamage' | 'onDiskFull'>>;
  /** The disk holding the data folder is full: the last write failed for it, and none has succeeded since. */
  diskFull(): boolean;
  /** The host serves now, and `close` closes it: from now on damage closes it. */
  serving(close: () => Promise<void>): void;
}

/**
 * What the host does when SQLite says, while it runs, that the disk is full
 * (it says so in its log and to `onDiskFull`, once each way) or that the
 * file is damaged (it closes, says what to restore, and tells `onDamaged`).
 */
export function databaseFaults(
  dataDir: string,
  databasePath: string,
  log: (line: string) => void,
  tell: {
    onDamaged?: ((damage: DamagedDatabaseError) => void) | undefined;
    onDiskFull?: ((full: boolean) => void) | undefined;
  },
): DatabaseFaults {
  let full = false;
  // Before the host serves, the start fails with the damage's error itself.
  let closeServing: (() => Promise<void>) | null = null;
  const damaged = async (error: Error, close: () => Promise<void>) => {
    const damage = await damagedDatabase(dataDir, databasePath, error.message);
    log(damage.message);
    await close().catch((failure: unknown) => {
      log(`closing the damaged database: ${String(failure)}`);
    });
    tell.onDamaged?.(damage);
  };
  return {
    sqlOptions: {
      onDiskFull: (isFull) => {
        full = isFull;
        log(
          isFull
            ? `the disk holding ${dataDir} is full: every change is refused until space is freed; reads go on`
            : `the disk holding ${dataDir} has space again: changes are saved again`,
        );
        tell.onDiskFull?.(isFull);
      },
      onDamage: (error) => {
        const close = closeServing;
        if (!close) return;
        damaged(error, close).catch((failure: unknown) => {
          log(`after finding the database damaged: ${String(failure)}`);
        });
      },
    },
    diskFull: () => full,
    serving: (close) => {
      closeServing = close;
    },
  };
}
