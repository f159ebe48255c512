import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheDb } from '../../../src-main/client/cache/cacheDb';
import { tempFolder } from './fixtures';

function notesDb(): { db: CacheDb; count: () => number } {
  const file = join(tempFolder(), 'notes.db');
  const raw = new Database(file);
  raw.exec('CREATE TABLE notes (text TEXT NOT NULL)');
  const db = new CacheDb(raw);
  return {
    db,
    count: () => db.get<{ n: number }>('SELECT count(*) AS n FROM notes')?.n ?? -1,
  };
}

// Nested transactions join the outer one without a savepoint of their own.
describe("the cache's transactions", () => {
  it('keeps what an outer and a nested transaction wrote, once both are done', () => {
    const { db, count } = notesDb();
    db.transaction(() => {
      db.run("INSERT INTO notes VALUES ('outer')");
      db.transaction(() => db.run("INSERT INTO notes VALUES ('nested')"));
    });
    expect(count()).toBe(2);
    db.close();
  });

  it('undoes the whole outer transaction when a nested one fails', () => {
    const { db, count } = notesDb();
    db.run("INSERT INTO notes VALUES ('before')");
    expect(() =>
      db.transaction(() => {
        db.run("INSERT INTO notes VALUES ('outer')");
        db.transaction(() => {
          db.run("INSERT INTO notes VALUES ('nested')");
          throw new Error('the nested work failed');
        });
      }),
    ).toThrow('the nested work failed');
    expect(count()).toBe(1);
    // The connection is out of the transaction and takes new ones.
    db.transaction(() => db.run("INSERT INTO notes VALUES ('after')"));
    expect(count()).toBe(2);
    db.close();
  });
});
