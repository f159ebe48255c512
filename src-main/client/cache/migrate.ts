import type { Database } from 'better-sqlite3';
import { migrations } from './migrations';

/** Why a cache file could not be used as it was. */
export type RebuildReason = 'not-a-database' | 'malformed' | 'newer-schema' | 'migration-failed';

export class CacheFileError extends Error {
  readonly reason: RebuildReason;

  constructor(reason: RebuildReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Brings the schema to the newest version, one migration per transaction. */
export function applyMigrations(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new CacheFileError(
      'newer-schema',
      `cache schema version ${current} is newer than this Hearth knows (${migrations.length})`,
    );
  }
  migrations.slice(current).forEach((sql, index) => {
    const version = current + index + 1;
    try {
      db.transaction(() => {
        db.exec(sql);
        db.pragma(`user_version = ${version}`);
      })();
    } catch (error) {
      throw new CacheFileError(
        'migration-failed',
        `cache migration ${version} failed: ${(error as Error).message}`,
      );
    }
  });
}
