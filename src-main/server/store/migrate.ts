import type { Database } from 'better-sqlite3';
import { migrations } from './migrations';

export function applyMigrations(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `database schema version ${current} is newer than this Hearth (${migrations.length})`,
    );
  }
  migrations.slice(current).forEach((sql, index) => {
    const version = current + index + 1;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
  });
}
