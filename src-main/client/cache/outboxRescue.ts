import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { CacheDb } from './cacheDb';
import { carryOutboxEntry, outboxColumns, readOutboxRow, type OutboxEntry } from './outbox';

// A message the person sent is theirs until the server has it: when the
// cache cannot keep an unsent one as it was, it is carried over or written
// out where they can read it, never dropped in silence.

/** What became of unsent messages the cache could not keep as they were. */
export interface OutboxRescue {
  /** Entries carried into the fresh cache, which sends them as it would have. */
  carried: number;
  /**
   * Entries that could not be read as entries, never sent: how many, and the
   * file that keeps what remains of them. A null count: the damaged file's
   * list could not be read to its end, so how many is not known, and the
   * damaged file itself is what keeps them.
   */
  unreadable: { count: number | null; keptIn: string } | null;
}

type Row = Record<string, unknown>;

/** Writes `rows` to a file of their own beside the cache, whole or not at all. */
function keepRows(cacheFile: string, rows: Row[], stamp: string): string {
  const file = `${cacheFile}.unsent-${stamp}.json`;
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(rows, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return file;
}

function sortRows(rows: Row[]): { entries: OutboxEntry[]; unreadable: Row[] } {
  const entries: OutboxEntry[] = [];
  const unreadable: Row[] = [];
  for (const row of rows) {
    const entry = readOutboxRow(row);
    if (entry) entries.push(entry);
    else unreadable.push(row);
  }
  return { entries, unreadable };
}

/**
 * Takes out of the outbox, when the cache opens, the rows it cannot read
 * (written by a damaged disk, or by a Hearth that knew other states): kept
 * in a file beside the cache first, then deleted, so that no send stalls on
 * them and none is lost.
 */
export function setAsideUnreadableOutbox(
  db: CacheDb,
  cacheFile: string,
  stamp: string,
): OutboxRescue | null {
  const rows = db.all<Row & { seq: number }>(`SELECT seq, ${outboxColumns} FROM outbox`);
  const { unreadable } = sortRows(rows);
  if (unreadable.length === 0) return null;
  const keptIn = keepRows(cacheFile, unreadable, stamp);
  db.transaction(() => {
    for (const row of unreadable) db.run('DELETE FROM outbox WHERE seq = ?', row.seq);
  });
  return { carried: 0, unreadable: { count: unreadable.length, keptIn } };
}

/** The outbox rows of a cache file set aside, as far as they can be read. */
function rowsOf(damagedFile: string): { rows: Row[]; complete: boolean } {
  const rows: Row[] = [];
  let source: Database.Database | null = null;
  try {
    source = new Database(damagedFile, { readonly: true, fileMustExist: true });
    // SQLite refuses every read of a file shorter than its header says,
    // unless the schema is writable (which takes leaving defensive mode);
    // on a read-only connection that only lets it read the pages still there.
    source.unsafeMode(true);
    source.pragma('writable_schema = ON');
    for (const row of source
      .prepare(`SELECT ${outboxColumns} FROM outbox ORDER BY seq`)
      .iterate()) {
      rows.push(row as Row);
    }
    return { rows, complete: true };
  } catch {
    return { rows, complete: false };
  } finally {
    source?.close();
  }
}

/**
 * Carries the unsent messages of a cache file that was set aside into the
 * fresh cache `into`, each as it stood (one whose send was under way is
 * still looked for on the server before it is sent again).
 */
export function carryOutboxFrom(
  damagedFile: string,
  into: CacheDb,
  cacheFile: string,
  stamp: string,
): OutboxRescue | null {
  const { rows, complete } = rowsOf(damagedFile);
  const { entries, unreadable } = sortRows(rows);
  into.transaction(() => {
    for (const entry of entries) carryOutboxEntry(into, entry);
  });
  if (complete && unreadable.length === 0) {
    return entries.length === 0 ? null : { carried: entries.length, unreadable: null };
  }
  return {
    carried: entries.length,
    unreadable: complete
      ? { count: unreadable.length, keptIn: keepRows(cacheFile, unreadable, stamp) }
      : { count: null, keptIn: damagedFile },
  };
}
