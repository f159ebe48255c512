import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sql } from '../../../src-main/server/store/sql';

// The organization's row and each sender's groups are read on every send and
// kept between writes (Sql.rememberFrom): what it keeps must never outlive a
// change to a table it was read from.

describe('reads kept between writes', () => {
  let dir: string;
  let sql: Sql;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-remembered-'));
    sql = new Sql(join(dir, 'hearth.sqlite3'));
    sql.run('CREATE TABLE settings (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
    sql.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    sql.run("INSERT INTO settings (id, value) VALUES (1, 'first')");
  });

  afterEach(async () => {
    sql.close();
    await rm(dir, { recursive: true, force: true });
  });

  let reads = 0;
  const setting = () =>
    sql.rememberFrom('settings', 'one', () => {
      reads += 1;
      return sql.get<{ value: string }>('SELECT value FROM settings WHERE id = 1')?.value;
    });

  it('reads once while nothing writes its table, whatever else is written', () => {
    reads = 0;
    expect(setting()).toBe('first');
    sql.run("INSERT INTO notes (text) VALUES ('a note')");
    sql.run("UPDATE notes SET text = 'another' WHERE id = 1");
    expect(setting()).toBe('first');
    expect(reads).toBe(1);
  });

  it('reads again after any kind of write to its table', () => {
    expect(setting()).toBe('first');
    sql.run("UPDATE settings SET value = 'updated' WHERE id = 1");
    expect(setting()).toBe('updated');
    sql.run('DELETE FROM settings WHERE id = 1');
    expect(setting()).toBeUndefined();
    sql.run(`INSERT INTO "settings" (id, value) VALUES (1, 'quoted')`);
    expect(setting()).toBe('quoted');
    sql.run(`INSERT OR REPLACE INTO settings (id, value) VALUES (1, 'replaced')`);
    expect(setting()).toBe('replaced');
  });

  it('reads again after a statement whose table it cannot tell', () => {
    expect(setting()).toBe('first');
    sql.run(
      `WITH newer(value) AS (SELECT 'through a CTE')
       UPDATE settings SET value = (SELECT value FROM newer) WHERE id = 1`,
    );
    expect(setting()).toBe('through a CTE');
  });

  it('reads from two tables again after a write to either, and only then', () => {
    sql.run('CREATE TABLE extras (id INTEGER PRIMARY KEY, value TEXT NOT NULL)');
    sql.run("INSERT INTO extras (id, value) VALUES (1, 'extra')");
    let joinedReads = 0;
    const both = () =>
      sql.rememberFrom(['settings', 'extras'], 'both', () => {
        joinedReads += 1;
        return sql.get<{ value: string }>(
          "SELECT s.value || '+' || e.value AS value FROM settings s, extras e",
        )?.value;
      });
    expect(both()).toBe('first+extra');
    expect(setting()).toBe('first');
    sql.run("INSERT INTO notes (text) VALUES ('a note')");
    expect(both()).toBe('first+extra');
    expect(joinedReads).toBe(1);
    sql.run("UPDATE extras SET value = 'changed' WHERE id = 1");
    expect(both()).toBe('first+changed');
    sql.run("UPDATE settings SET value = 'second' WHERE id = 1");
    expect(both()).toBe('second+changed');
    expect(setting()).toBe('second');
    expect(joinedReads).toBe(3);
  });

  it('forgets what a rolled-back transaction let it read', () => {
    expect(() =>
      sql.transaction(() => {
        sql.run("UPDATE settings SET value = 'undone' WHERE id = 1");
        expect(setting()).toBe('undone');
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(setting()).toBe('first');
  });
});
