import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sql } from '../../../src-main/server/store/sql';

// POST /messages stores each send with the other sends of its turn of the
// event loop, in one commit (Sql.grouped).

describe('work grouped into one commit', () => {
  let dir: string;
  let sql: Sql;
  let reader: Database.Database;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-grouped-'));
    const path = join(dir, 'hearth.sqlite3');
    sql = new Sql(path);
    sql.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    sql.run('CREATE TABLE parents (id INTEGER PRIMARY KEY)');
    sql.run(
      `CREATE TABLE children (
         id INTEGER PRIMARY KEY,
         parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED
       )`,
    );
    reader = new Database(path);
  });

  afterEach(async () => {
    reader.close();
    sql.close();
    await rm(dir, { recursive: true, force: true });
  });

  const stored = () =>
    reader.prepare('SELECT text FROM notes ORDER BY id').pluck().all() as string[];
  const note = (text: string) => () => sql.run('INSERT INTO notes (text) VALUES (?)', [text]);

  /** Each outcome, in the order heard, once every grouped work has heard. */
  function group(works: (() => unknown)[]): Promise<unknown[]> {
    return new Promise((resolve) => {
      const heard: unknown[] = [];
      for (const work of works) {
        sql.grouped(work, (outcome) => {
          heard.push(outcome);
          if (heard.length === works.length) resolve(heard);
        });
      }
    });
  }

  it('stores nothing before the turn is over, then all of it, and answers in order once stored', async () => {
    const outcomes = group([note('first'), note('second'), () => 'third, a read']);
    expect(stored()).toEqual([]);
    const heard = await outcomes;
    expect(heard).toEqual([
      { changes: 1, lastInsertRowid: 1 },
      { changes: 1, lastInsertRowid: 2 },
      'third, a read',
    ]);
    expect(stored()).toEqual(['first', 'second']);
  });

  it('undoes a failing work alone, and tells it its own error', async () => {
    const heard = await group([
      note('kept'),
      () => {
        note('undone')();
        throw new Error('refused halfway');
      },
      note('kept too'),
    ]);
    expect((heard[1] as Error).message).toBe('refused halfway');
    expect(stored()).toEqual(['kept', 'kept too']);
  });

  it('tells every work the commit failed when it does, and stores none of them', async () => {
    // One group however loaded the machine: a pause past the default budget
    // after the first store would commit it alone (CI saw this once).
    sql.close();
    sql = new Sql(join(dir, 'hearth.sqlite3'), { groupStoreMs: 60_000 });
    const heard = await group([
      note('lost'),
      () => sql.run('INSERT INTO children (parent) VALUES (7)'),
      note('lost too'),
    ]);
    for (const outcome of heard) {
      expect((outcome as Error & { code?: string }).code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    }
    expect(stored()).toEqual([]);
    await group([note('after')]);
    expect(stored()).toEqual(['after']);
  });

  it('writes the pages the works share once, as one commit', async () => {
    const framesOf = async (write: () => Promise<unknown>) => {
      sql.run('DELETE FROM notes');
      reader.pragma('wal_checkpoint(TRUNCATE)');
      await write();
      const [{ log }] = reader.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
      return log;
    };
    const texts = Array.from({ length: 20 }, (_, index) => `note ${index}`);
    const oneByOne = await framesOf(async () => texts.forEach((text) => note(text)()));
    const grouped = await framesOf(() => group(texts.map(note)));
    expect(stored()).toEqual(texts);
    expect(grouped * 10).toBeLessThanOrEqual(oneByOne);
  });

  it('leaves what does not fit in a few milliseconds to a commit of its own', async () => {
    // Each store alone outlasts the group's budget, so however loaded the
    // machine is, every store closes its group and commits before the next.
    const slowNote = (text: string) => () => {
      const until = performance.now() + 6;
      while (performance.now() < until);
      return note(text)();
    };
    const seenAtEachAnswer: string[][] = [];
    const heard: unknown[] = [];
    await new Promise<void>((resolve) => {
      ['one', 'two', 'three'].forEach((text) => {
        sql.grouped(slowNote(text), (outcome) => {
          seenAtEachAnswer.push(stored());
          heard.push(outcome);
          if (heard.length === 3) resolve();
        });
      });
    });
    expect(seenAtEachAnswer).toEqual([['one'], ['one', 'two'], ['one', 'two', 'three']]);
    expect(heard.every((outcome) => !(outcome instanceof Error))).toBe(true);
  });

  it('commits what waits when the database closes', () => {
    const heard: unknown[] = [];
    sql.grouped(note('at closing'), (outcome) => heard.push(outcome));
    sql.close();
    expect(heard).toEqual([{ changes: 1, lastInsertRowid: 1 }]);
    expect(stored()).toEqual(['at closing']);
    sql = new Sql(join(dir, 'hearth.sqlite3'));
  });
});
