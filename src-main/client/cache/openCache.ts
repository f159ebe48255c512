import { existsSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Cache, type LogLine } from './accountCache';
import { isCacheDamage } from './storageErrors';
import { CacheDb } from './cacheDb';
import { applyMigrations, CacheFileError, type RebuildReason } from './migrate';
import { carryOutboxFrom, setAsideUnreadableOutbox, type OutboxRescue } from './outboxRescue';

export interface OpenCacheOptions {
  log?: LogLine;
  /** What a check of the file found damaged (`checkCacheFile`): the file is set aside unopened. */
  damage?: string;
  /** When the file is moved aside, for its new name; the current time by default. */
  now?: () => Date;
}

export interface Rebuilt {
  reason: RebuildReason;
  /** The unusable file's new name, kept for a bug report: never deleted. */
  movedTo: string;
  detail: string;
}

export interface OpenedCache {
  cache: Cache;
  /** Null when the file was used as it was (or created). */
  rebuilt: Rebuilt | null;
  /** What became of unsent messages that could not stay as they were; null when all could. */
  outboxRescue: OutboxRescue | null;
}

function connect(file: string): Database.Database {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // A cache can be refetched: a commit lost to a power cut costs nothing
    // worse than a fetch, and NORMAL spares every event burst an fsync.
    db.pragma('synchronous = NORMAL');
    // Catching up writes about 1,800 pages of log per 10,000 messages. The
    // default checkpoint every 1,000 pages would copy them into the file in
    // the middle of it; the session checkpoints when the burst is over
    // instead (Cache.indexPending), and the log then shrinks back.
    db.pragma('wal_autocheckpoint = 4000');
    db.pragma(`journal_size_limit = ${4 * 1024 * 1024}`);
    // better-sqlite3 builds SQLite with a page cache of 16 MB per connection,
    // and the app keeps one connection per account for its whole run: the
    // first sidebar of an account of 100,000 cached messages filled it, 16 MB
    // more resident memory per account. SQLite's own default, 2 MB, holds
    // what the window reads over and over; the rest comes from the OS's cache.
    db.pragma('cache_size = -2000');
    // Reading the schema here makes a damaged one fail now, not at first
    // use, and a file cut short too: SQLite refuses any read of a file
    // shorter than its header says. A page written over in the middle is
    // for the whole-file check that runs beside the open account.
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    applyMigrations(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function reasonOf(error: unknown): RebuildReason | null {
  if (error instanceof CacheFileError) return error.reason;
  if (!isCacheDamage(error)) return null;
  return (error as { code?: unknown }).code === 'SQLITE_NOTADB' ? 'not-a-database' : 'malformed';
}

/** A time as a part of a file name. */
const fileStamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

function moveAside(file: string, reason: RebuildReason, stamp: string): string {
  const movedTo = `${file}.${reason}-${stamp}`;
  renameSync(file, movedTo);
  // The WAL and shared-memory files belong to the moved file, not the new one.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
  }
  return movedTo;
}

/**
 * Opens (or creates) an account's cache. A file this code cannot use (not a
 * database, damaged, from a newer Hearth, or failing a migration) is moved
 * aside and a fresh cache takes its place, since everything in it can be
 * fetched again, except the messages waiting to be sent, which are carried
 * over; the answer says so. Errors that are not about the file (a folder
 * that cannot be written, say) are thrown.
 */
export function openCache(file: string, options: OpenCacheOptions = {}): OpenedCache {
  const log = options.log ?? ((line) => console.warn(line));
  const stamp = fileStamp((options.now ?? (() => new Date()))());
  let db: CacheDb;
  try {
    if (options.damage !== undefined) throw new CacheFileError('malformed', options.damage);
    db = new CacheDb(connect(file));
  } catch (error) {
    const reason = reasonOf(error);
    if (reason === null) throw error;
    const detail = (error as Error).message;
    const movedTo = moveAside(file, reason, stamp);
    log(`cache ${file} moved to ${movedTo} (${reason}: ${detail}); starting a fresh one`);
    db = new CacheDb(connect(file));
    const outboxRescue = carryOutboxFrom(movedTo, db, file, stamp);
    return { cache: new Cache(db, log), rebuilt: { reason, movedTo, detail }, outboxRescue };
  }
  const outboxRescue = setAsideUnreadableOutbox(db, file, stamp);
  return { cache: new Cache(db, log), rebuilt: null, outboxRescue };
}
