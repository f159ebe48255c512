import type { CacheDb } from './cacheDb';

/** IDs the cache holds every message of, for some narrow; `low` 0 is "from the very first". */
export interface Interval {
  low: number;
  high: number;
  /** Live events have kept it complete up to the newest message. */
  reachesNewest: boolean;
}

interface RangeRow {
  rowid: number;
  low: number;
  high: number;
  reaches_newest: number;
}

const toInterval = (row: Omit<RangeRow, 'rowid'>): Interval => ({
  low: row.low,
  high: row.high,
  reachesNewest: row.reaches_newest === 1,
});

const insertSql = 'INSERT INTO ranges (narrow, low, high, reaches_newest) VALUES (?, ?, ?, ?)';

/** Records that the cache holds `interval` of the narrow, merged with what it touches. */
export function recordInterval(db: CacheDb, key: string, interval: Interval): void {
  db.transaction(() => {
    const touching = db.all<RangeRow>(
      'SELECT rowid, low, high, reaches_newest FROM ranges WHERE narrow = ? AND low <= ? AND high >= ?',
      key,
      interval.high + 1,
      interval.low - 1,
    );
    let { low, high, reachesNewest } = interval;
    for (const row of touching) {
      low = Math.min(low, row.low);
      high = Math.max(high, row.high);
      reachesNewest ||= row.reaches_newest === 1;
      db.run('DELETE FROM ranges WHERE rowid = ?', row.rowid);
    }
    db.run(insertSql, key, low, high, reachesNewest ? 1 : 0);
  });
}

/** The complete intervals of any of `keys`, merged where they touch, ascending. */
export function completeIntervals(db: CacheDb, keys: readonly string[]): Interval[] {
  const rows = db.all<Omit<RangeRow, 'rowid'>>(
    `SELECT low, high, reaches_newest FROM ranges
     WHERE narrow IN (SELECT value FROM json_each(?)) ORDER BY low`,
    JSON.stringify(keys),
  );
  const merged: Interval[] = [];
  for (const row of rows) {
    const last = merged.at(-1);
    if (last && row.low <= last.high + 1) {
      last.high = Math.max(last.high, row.high);
      last.reachesNewest ||= row.reaches_newest === 1;
    } else {
      merged.push(toInterval(row));
    }
  }
  return merged;
}

/**
 * A message arrived through the live event queue: every range that reached
 * the newest message still does, now up to this one, whichever narrow it is in.
 */
export function extendNewest(db: CacheDb, messageId: number): void {
  db.run('UPDATE ranges SET high = ? WHERE reaches_newest = 1 AND high < ?', messageId, messageId);
}

/** The event queue was lost: messages may have come that the cache never heard of. */
export function forgetNewest(db: CacheDb): void {
  db.run('UPDATE ranges SET reaches_newest = 0 WHERE reaches_newest = 1');
}

/**
 * A message the cache does not hold joined these narrows (moved there):
 * their ranges no longer cover its ID, so they are split around it.
 */
export function punchHole(db: CacheDb, keys: readonly string[], messageId: number): void {
  const holding = db.all<RangeRow>(
    `SELECT rowid, narrow, low, high, reaches_newest FROM ranges
     WHERE narrow IN (SELECT value FROM json_each(?)) AND low <= ? AND high >= ?`,
    JSON.stringify(keys),
    messageId,
    messageId,
  ) as (RangeRow & { narrow: string })[];
  for (const row of holding) {
    db.run('DELETE FROM ranges WHERE rowid = ?', row.rowid);
    if (row.low < messageId) db.run(insertSql, row.narrow, row.low, messageId - 1, 0);
    if (row.high > messageId || row.reaches_newest === 1) {
      db.run(
        insertSql,
        row.narrow,
        messageId + 1,
        Math.max(row.high, messageId + 1),
        row.reaches_newest,
      );
    }
  }
}
