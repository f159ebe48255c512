import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/client/cache/openCache';
import { sql as messagesMigration } from '../../../src-main/client/cache/migrations/001-messages';
import { migrations } from '../../../src-main/client/cache/migrations';
import { bob, ids, me, privateMessage, streamMessage, tempFolder } from './fixtures';

const quiet = { log: () => undefined, now: () => new Date('2024-05-01T10:00:00.000Z') };

function openQuietly(file: string) {
  const opened = openCache(file, quiet);
  opened.cache.close();
  return opened;
}

const userVersion = (file: string) => {
  const db = new Database(file, { readonly: true });
  const version = db.pragma('user_version', { simple: true });
  const mode = db.pragma('journal_mode', { simple: true });
  db.close();
  return { version, mode };
};

describe('openCache', () => {
  it('creates a file in WAL mode at the newest schema', () => {
    const file = join(tempFolder(), 'account.db');
    const { rebuilt } = openQuietly(file);
    expect(rebuilt).toBeNull();
    expect(userVersion(file)).toEqual({ version: migrations.length, mode: 'wal' });
  });

  it('keeps what a file holds when it is opened again', () => {
    const file = join(tempFolder(), 'account.db');
    const first = openCache(file, quiet).cache;
    first.storeMessages([streamMessage(5)]);
    first.recordComplete({ kind: 'all' }, { low: 0, high: 5, reachesNewest: false });
    first.close();
    const { cache, rebuilt } = openCache(file, quiet);
    expect(rebuilt).toBeNull();
    expect(
      ids(cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 10 }).messages),
    ).toEqual([5]);
    cache.close();
  });

  it('moves a file of garbage bytes aside, keeping it, and starts afresh', () => {
    const folder = tempFolder();
    const file = join(folder, 'account.db');
    const garbage = Buffer.from('this is not a database, just some bytes '.repeat(200));
    writeFileSync(file, garbage);
    const { rebuilt } = openQuietly(file);
    expect(rebuilt?.reason).toBe('not-a-database');
    expect(rebuilt?.movedTo).toBe(`${file}.not-a-database-2024-05-01T10-00-00-000Z`);
    expect(readFileSync(rebuilt?.movedTo ?? '')).toEqual(garbage);
    expect(userVersion(file).version).toBe(migrations.length);
  });

  it('moves aside a file whose schema is newer than this code knows', () => {
    const file = join(tempFolder(), 'account.db');
    const db = new Database(file);
    db.exec('CREATE TABLE from_the_future (x)');
    db.pragma('user_version = 999');
    db.close();
    const { rebuilt } = openQuietly(file);
    expect(rebuilt?.reason).toBe('newer-schema');
    expect(userVersion(rebuilt?.movedTo ?? '').version).toBe(999);
    expect(userVersion(file).version).toBe(migrations.length);
  });

  it('moves aside a file whose schema is damaged', () => {
    const file = join(tempFolder(), 'account.db');
    openQuietly(file);
    const bytes = readFileSync(file);
    // The first page after the 100-byte header holds the schema itself.
    bytes.fill(0xa5, 100, 4096);
    writeFileSync(file, bytes);
    const { rebuilt } = openQuietly(file);
    expect(rebuilt?.reason).toBe('malformed');
    expect(existsSync(rebuilt?.movedTo ?? '')).toBe(true);
  });

  it('migrates a file of an older schema and keeps its messages', () => {
    const file = join(tempFolder(), 'account.db');
    const db = new Database(file);
    db.exec(messagesMigration);
    db.pragma('user_version = 1');
    db.prepare(
      `INSERT INTO messages (id, stream_id, topic, topic_folded, dm_key, sender_id, sender_email, flags, has_link, json)
       VALUES (7, 1, 'greetings', 'greetings', NULL, 11, 'bob@hearth.test', 1, 0, ?)`,
    ).run(JSON.stringify({ ...streamMessage(7), flags: undefined }));
    db.prepare("INSERT INTO ranges VALUES ('all', 0, 7, 0)").run();
    db.close();
    const { cache, rebuilt } = openCache(file, quiet);
    expect(rebuilt).toBeNull();
    expect(userVersion(file).version).toBe(migrations.length);
    const page = cache.messagesInNarrow(
      { kind: 'stream', streamId: 1 },
      { anchor: 'newest', before: 5 },
    );
    expect(ids(page.messages)).toEqual([7]);
    expect(page.messages[0]?.flags).toEqual(['read']);
    expect(page.messages[0]?.sender_email).toBe('bob@hearth.test');
    cache.outbox.add({
      localId: 'a',
      destination: { type: 'stream', streamId: 1, streamName: 'general', topic: 't' },
      content: 'works after migrating',
      createdAt: 1,
    });
    expect(cache.outbox.entries()).toHaveLength(1);
    cache.close();
  });

  it('still reads private conversations from a file migrated from the first schema', () => {
    const file = join(tempFolder(), 'account.db');
    const db = new Database(file);
    db.exec(messagesMigration);
    db.pragma('user_version = 1');
    const insert = db.prepare(
      `INSERT INTO messages (id, stream_id, topic, topic_folded, dm_key, sender_id, sender_email, flags, has_link, json)
       VALUES (?, ?, ?, ?, ?, 11, 'bob@hearth.test', 1, 0, ?)`,
    );
    insert.run(7, 1, 'greetings', 'greetings', null, JSON.stringify(streamMessage(7)));
    insert.run(8, null, null, null, '10,11', JSON.stringify(privateMessage(8, [me, bob])));
    db.prepare("INSERT INTO ranges VALUES ('dm:10,11', 0, 8, 0)").run();
    db.close();
    const { cache } = openCache(file, quiet);
    const page = cache.messagesInNarrow(
      { kind: 'dm', userIds: [me.id, bob.id] },
      { anchor: 'newest', before: 5 },
    );
    expect(ids(page.messages)).toEqual([8]);
    cache.close();
  });

  it('still indexes the messages a cache of schema 13 left waiting for their full text', () => {
    const file = join(tempFolder(), 'account.db');
    const db = new Database(file);
    for (const migration of migrations.slice(0, 13)) db.exec(migration);
    db.pragma('user_version = 13');
    const insert = db.prepare(
      `INSERT INTO messages (id, stream_id, topic, topic_folded, dm_key, sender_id, flags, has_link, json)
       VALUES (?, 1, 'greetings', 'greetings', NULL, 11, 1, 0, ?)`,
    );
    for (const [id, words] of [
      [7, 'sourdough starter'],
      [9, 'rye and sourdough'],
    ] as const) {
      insert.run(id, JSON.stringify(streamMessage(id, { content: `<p>${words}</p>` })));
      db.prepare('INSERT INTO fts_pending (id) VALUES (?)').run(id);
    }
    db.close();
    const { cache, rebuilt } = openCache(file, quiet);
    expect(rebuilt).toBeNull();
    expect(cache.indexPending(1)).toBe(true);
    expect(cache.indexPending(1)).toBe(false);
    const found = cache.searchMessages([{ operator: 'search', operand: 'sourdough' }], 10);
    expect(ids(found.messages)).toEqual([7, 9]);
    cache.close();
  });

  it('moves aside a file on which a migration fails, and says which', () => {
    const folder = tempFolder();
    const file = join(folder, 'account.db');
    const db = new Database(file);
    db.exec(messagesMigration);
    // Migration 2 creates this table; finding it already there makes it throw.
    db.exec('CREATE TABLE subscriptions (anything)');
    db.pragma('user_version = 1');
    db.close();
    const { rebuilt } = openQuietly(file);
    expect(rebuilt?.reason).toBe('migration-failed');
    expect(rebuilt?.detail).toMatch(/migration 2/);
    expect(userVersion(rebuilt?.movedTo ?? '').version).toBe(1);
    expect(
      readdirSync(folder).filter((name) => name.includes('migration-failed')),
    ).not.toHaveLength(0);
  });
});
