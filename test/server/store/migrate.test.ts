import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../src-main/server/store/migrations';
import { Sql } from '../../../src-main/server/store/sql';

describe('the database file', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-store-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is created in WAL mode at the newest schema version', () => {
    const path = join(dir, 'hearth.sqlite3');
    new Sql(path).close();
    const db = new Database(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    db.close();
  });

  it('is refused when a newer Hearth has already upgraded it', () => {
    const path = join(dir, 'hearth.sqlite3');
    const db = new Database(path);
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    expect(() => new Sql(path)).toThrow(/newer/);
  });

  it('carries the mutes of a version-5 database into user_topics as policy 1', () => {
    const path = join(dir, 'hearth.sqlite3');
    const db = new Database(path);
    migrations.slice(0, 5).forEach((step, index) => {
      db.exec(step);
      db.pragma(`user_version = ${index + 1}`);
    });
    db.exec(`
      INSERT INTO users (id, email, full_name, role, date_joined, api_key) VALUES (1, 'a@x', 'A', 400, 0, 'k');
      INSERT INTO streams (id, name, date_created) VALUES (1, 'design', 0);
      INSERT INTO muted_topics (user_id, stream_id, topic, date_muted) VALUES (1, 1, 'Noise', 1234);
    `);
    db.close();
    new Sql(path).close();
    const upgraded = new Database(path);
    expect(upgraded.prepare('SELECT * FROM user_topics').all()).toEqual([
      { user_id: 1, stream_id: 1, topic: 'Noise', visibility_policy: 1, last_updated: 1234 },
    ]);
    upgraded.close();
  });

  it('logs a slow query with its duration', () => {
    const lines: string[] = [];
    const sql = new Sql(join(dir, 'hearth.sqlite3'), {
      slowQueryMs: 0,
      logSlow: (line) => lines.push(line),
    });
    sql.get('SELECT count(*) FROM messages');
    sql.close();
    expect(lines[0]).toMatch(/^slow query \(\d+\.\d ms\): SELECT count\(\*\) FROM messages$/);
  });
});
