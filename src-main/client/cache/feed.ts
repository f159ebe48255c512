import type { Message } from '../../wire';
import type { CacheDb } from './cacheDb';
import { messageOfRow, type StoredMessage } from './messages';
import { MENTIONED, STARRED } from './flags';
import { conversationKey, coveringKeys, foldTopic, type Narrow } from './narrow';
import { completeIntervals, type Interval } from './ranges';

export interface FeedRequest {
  anchor: 'newest' | number;
  /** Messages older than the anchor. */
  before: number;
  /** Messages newer than the anchor (a numeric one). */
  after?: number;
}

/**
 * What lies just beyond an end of the page: nothing (the narrow's first or
 * newest message is on the page), more messages the cache holds, or messages
 * the cache does not hold, to fetch or label as not cached.
 */
export type OlderEdge = 'oldest' | 'more-cached' | 'not-cached';
export type NewerEdge = 'newest' | 'more-cached' | 'not-cached';

export interface FeedPage {
  /** Oldest first, with no gap: only messages of a range the cache holds complete. */
  messages: Message[];
  older: OlderEdge;
  newer: NewerEdge;
}

/** The table to read (with the index to read it by) and the narrow's condition. */
export function narrowFilter(
  narrow: Narrow,
  ownUserId: number | null,
): [string, string, unknown[]] {
  switch (narrow.kind) {
    case 'all':
      return ['messages', '1', []];
    case 'stream':
      return ['messages', 'stream_id = ?', [narrow.streamId]];
    case 'topic':
      // Without statistics SQLite would walk the whole stream's index and
      // test each message's topic; a quiet topic in a busy stream is the
      // case the topic index exists for.
      return [
        'messages INDEXED BY messages_by_topic',
        'stream_id = ? AND topic_folded = ?',
        [narrow.streamId, foldTopic(narrow.topic)],
      ];
    case 'dm':
      return ['messages', 'dm_key = ?', [conversationKey(narrow.userIds, ownUserId)]];
    case 'mentioned':
      return ['messages', 'flags & ? != 0', [MENTIONED]];
    case 'starred':
      return ['messages', 'flags & ? != 0', [STARRED]];
    case 'dms':
      return ['messages', 'dm_key IS NOT NULL', []];
  }
}

function intervalAt(intervals: readonly Interval[], anchor: 'newest' | number): Interval | null {
  if (anchor === 'newest') {
    return intervals.find((interval) => interval.reachesNewest) ?? intervals.at(-1) ?? null;
  }
  return (
    intervals.find(
      (interval) => interval.low <= anchor && (anchor <= interval.high || interval.reachesNewest),
    ) ?? null
  );
}

const notCached: FeedPage = { messages: [], older: 'not-cached', newer: 'not-cached' };

/**
 * The feed of a narrow around an anchor, from the cache alone. The page stays
 * inside the complete range that holds the anchor, so a gap is never shown
 * as history; its ends say what lies beyond.
 */
export function messagesInNarrow(
  db: CacheDb,
  narrow: Narrow,
  request: FeedRequest,
  ownUserId: number | null,
): FeedPage {
  const interval = intervalAt(
    completeIntervals(db, coveringKeys(narrow, ownUserId)),
    request.anchor,
  );
  if (!interval) return notCached;
  const [table, filter, params] = narrowFilter(narrow, ownUserId);
  const newest = request.anchor === 'newest';
  const top = newest ? interval.high : Math.min(request.anchor as number, interval.high);
  const olderSql = `SELECT id, json, flags FROM ${table}
    WHERE ${filter} AND id >= ? AND id ${newest ? '<=' : '<'} ? ORDER BY id DESC LIMIT ?`;
  const older = db.all<StoredMessage>(olderSql, ...params, interval.low, top, request.before + 1);
  const moreOlder = older.length > request.before;
  const rows = older.slice(0, request.before).reverse();
  let newer: NewerEdge = interval.reachesNewest ? 'newest' : 'not-cached';
  if (!newest) {
    const after = request.after ?? 0;
    const newerSql = `SELECT id, json, flags FROM ${table}
      WHERE ${filter} AND id >= ? AND id <= ? ORDER BY id LIMIT ?`;
    const upTo = interval.reachesNewest ? Number.MAX_SAFE_INTEGER : interval.high;
    const atAndAfter = db.all<StoredMessage>(newerSql, ...params, request.anchor, upTo, after + 2);
    const anchorRow = atAndAfter[0]?.id === request.anchor;
    const limit = after + (anchorRow ? 1 : 0);
    if (atAndAfter.length > limit) newer = 'more-cached';
    rows.push(...atAndAfter.slice(0, limit));
  }
  return {
    messages: rows.map(messageOfRow),
    older: moreOlder ? 'more-cached' : interval.low === 0 ? 'oldest' : 'not-cached',
    newer,
  };
}

/** The cached messages among `ids` that belong to the narrow now, oldest first. */
export function messagesAmong(
  db: CacheDb,
  narrow: Narrow,
  ids: readonly number[],
  ownUserId: number | null,
): Message[] {
  const [table, filter, params] = narrowFilter(narrow, ownUserId);
  return db
    .all<StoredMessage>(
      `SELECT id, json, flags FROM ${table}
       WHERE ${filter} AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      ...params,
      JSON.stringify(ids),
    )
    .map(messageOfRow);
}

/** Unread messages newer than `afterId`, oldest first: what a catch-up brought that may notify. */
export function unreadMessagesAfter(db: CacheDb, afterId: number, limit: number): Message[] {
  return db
    .all<StoredMessage>(
      `SELECT id, json, flags FROM messages
       WHERE id IN (SELECT message_id FROM unreads WHERE message_id > ? ORDER BY message_id LIMIT ?)
       ORDER BY id`,
      afterId,
      limit,
    )
    .map(messageOfRow);
}

/**
 * Cached messages of the narrow, with IDs from `low` to `high`, that are not
 * among `present`: a fresh page from the server says they were deleted (or
 * moved away) while this cache was not listening.
 */
export function absentFromPage(
  db: CacheDb,
  narrow: Narrow,
  low: number,
  high: number,
  present: ReadonlySet<number>,
  ownUserId: number | null,
): number[] {
  const [table, filter, params] = narrowFilter(narrow, ownUserId);
  return db
    .all<{ id: number }>(
      `SELECT id FROM ${table} WHERE ${filter} AND id >= ? AND id <= ?`,
      ...params,
      low,
      high,
    )
    .map((row) => row.id)
    .filter((id) => !present.has(id));
}
