import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 52, point 5: the migration of a database written before the move to
// Zulip 12, killed with SIGKILL at points spread through it, starts again on
// the next open and ends in the same database as one never interrupted.

const fixture = join(import.meta.dirname, '../../fixtures/todays-database/hearth.sqlite3');
const child = join(import.meta.dirname, '../../helpers/migrateChild.ts');
const work = mkdtempSync(join(tmpdir(), 'hearth-migration-kills-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function migrate(path: string, killAt?: number) {
  const args = ['--import', 'tsx', child, path, ...(killAt === undefined ? [] : [String(killAt)])];
  return spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 });
}

/** Everything the database holds: its version, its schema and every row of every table. */
function contents(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table'
         AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`,
      )
      .pluck()
      .all() as string[];
    return JSON.stringify({
      version: db.pragma('user_version', { simple: true }),
      schema: db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all(),
      // Ordered by every column: the same rows in any order of pages.
      rows: Object.fromEntries(
        tables.map((table) => {
          const columns = db.prepare(`SELECT * FROM "${table}" LIMIT 0`).columns().length;
          const order = Array.from({ length: columns }, (_, index) => index + 1).join(', ');
          return [table, db.prepare(`SELECT * FROM "${table}" ORDER BY ${order}`).raw().all()];
        }),
      ),
    });
  } finally {
    db.close();
  }
}

const copyOfFixture = (name: string) => {
  const path = join(work, `${name}.sqlite3`);
  copyFileSync(fixture, path);
  return path;
};

describe('a migration killed part way', () => {
  it('starts again and ends as one never interrupted, wherever it was killed', () => {
    const whole = copyOfFixture('whole');
    const uninterrupted = migrate(whole);
    expect(uninterrupted.status, uninterrupted.stderr).toBe(0);
    const total = Number(uninterrupted.stdout);
    const expected = contents(whole);

    // Ten points spread from the first statement to the last.
    const points = [
      ...new Set(Array.from({ length: 10 }, (_, i) => Math.round((i * (total - 1)) / 9))),
    ];
    expect(points.length).toBe(10);
    for (const point of points) {
      const path = copyOfFixture(`killed-at-${point}`);
      const killed = migrate(path, point);
      expect(killed.signal, `killed before statement ${point}`).toBe('SIGKILL');
      const resumed = migrate(path);
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(contents(path), `killed before statement ${point} of ${total}`).toBe(expected);
    }
  });
});
