import type { Message } from '../../wire';
import type { CacheDb } from './cacheDb';
import { READ, flagBits } from './flags';
import { dmKey, foldTopic } from './narrow';
import { hasLink, plainText } from './plainText';
import { markCachedUnread, markReadMany } from './unreads';

/** A message as the server delivered it, with the reader's flags. */
export interface Delivered {
  message: Message;
  flags: readonly string[];
}

const columnCount = 9;
const rowPlaces = `(${Array.from({ length: columnCount }, () => '?').join(', ')})`;

// New messages go in several rows per INSERT: binding and stepping one
// statement per message cost a catch-up's page of 1,000 about a third of its
// writing. Sixteen rows take most of that saving with one more statement held.
const rowsPerInsert = 16;

const insertSql = (rows: number) =>
  `INSERT INTO messages
     (id, stream_id, topic, topic_folded, dm_key, sender_id, flags, has_link, json)
   VALUES ${Array.from({ length: rows }, () => rowPlaces).join(', ')}`;
const insertManySql = insertSql(rowsPerInsert);
const insertOneSql = insertSql(1);

const updateSql = `
UPDATE messages SET stream_id = ?, topic = ?, topic_folded = ?, dm_key = ?, sender_id = ?,
  flags = ?, has_link = ?, json = ?
WHERE id = ?`;

const cachedSql = 'SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))';
// One probe of each table's key over the batch's span of IDs, before a lookup
// per message: a catch-up's pages lie above everything cached and unread.
const anyCachedSql = 'SELECT EXISTS (SELECT 1 FROM messages WHERE id BETWEEN ? AND ?) AS found';
const anyUnreadSql =
  'SELECT EXISTS (SELECT 1 FROM unreads WHERE message_id BETWEEN ? AND ?) AS found';

const ftsInsertSql = 'INSERT INTO messages_fts (rowid, topic, body) VALUES (?, ?, ?)';
export const ftsReplaceSql =
  'INSERT OR REPLACE INTO messages_fts (rowid, topic, body) VALUES (?, ?, ?)';

// A batch's read messages leave the unread list and its unread ones join it
// (from their rows just written), in one statement each rather than one per
// message; its deferred ones wait as one span of IDs.
const pendingSpanSql = 'INSERT INTO fts_pending_spans (low, high) VALUES (?, ?)';

/** Every column of a message's row but its ID, in the order of updateSql. */
function columnsOf(message: Message, bits: number): unknown[] {
  const isStream = message.type === 'stream';
  const topic = isStream ? message.subject : null;
  return [
    isStream ? (message.stream_id ?? null) : null,
    topic,
    topic === null ? null : foldTopic(topic),
    Array.isArray(message.display_recipient)
      ? dmKey(message.display_recipient.map((user) => user.id))
      : null,
    message.sender_id,
    bits,
    hasLink(message.content) ? 1 : 0,
    // Any flags in the JSON are stale by the next flag event; reads take the column's.
    JSON.stringify(message),
  ];
}

const topicOf = (message: Message): string => (message.type === 'stream' ? message.subject : '');

/**
 * Writes each message with the reader's flags, replacing any older copy; a
 * message delivered twice in the batch takes its last delivery. The cached
 * ones are found in one query, so a new message, the common case, costs no
 * lookup of its own and its full-text row needs no delete first. With
 * `deferText`, the messages new to the cache wait, as a span of IDs in
 * `fts_pending_spans`, for their full-text entries (see indexPending).
 */
export function writeMessages(
  db: CacheDb,
  delivered: readonly Delivered[],
  deferText: boolean,
): void {
  // A burst stores the messages between its other events, so it hands over
  // many empty batches; they need no query, not even the probes below.
  if (delivered.length === 0) return;
  const latest = new Map<number, Delivered>();
  let lowest = Infinity;
  let highest = -Infinity;
  for (const entry of delivered) {
    const { id } = entry.message;
    latest.set(id, entry);
    lowest = Math.min(lowest, id);
    highest = Math.max(highest, id);
  }
  const within = (sql: string) => db.get<{ found: number }>(sql, lowest, highest)?.found === 1;
  const cached = new Set(
    within(anyCachedSql)
      ? db.all<{ id: number }>(cachedSql, JSON.stringify([...latest.keys()])).map((row) => row.id)
      : [],
  );
  const read: number[] = [];
  const unread: number[] = [];
  let pendingLow = Infinity;
  let pendingHigh = -Infinity;
  const texts: Message[] = [];
  let values: unknown[] = [];
  for (const { message, flags } of latest.values()) {
    const bits = flagBits(flags);
    ((bits & READ) !== 0 ? read : unread).push(message.id);
    const columns = columnsOf(message, bits);
    if (cached.has(message.id)) {
      db.run(updateSql, ...columns, message.id);
      db.run(ftsReplaceSql, message.id, topicOf(message), plainText(message.content));
      continue;
    }
    if (deferText) {
      pendingLow = Math.min(pendingLow, message.id);
      pendingHigh = Math.max(pendingHigh, message.id);
    } else texts.push(message);
    values.push(message.id, ...columns);
    if (values.length === rowsPerInsert * columnCount) {
      db.run(insertManySql, values);
      values = [];
    }
  }
  for (let start = 0; start < values.length; start += columnCount) {
    db.run(insertOneSql, values.slice(start, start + columnCount));
  }
  // Full-text entries follow the rows: written between the several-row
  // inserts, they made a burst of 1,000 events half again as slow.
  for (const message of texts) {
    db.run(ftsInsertSql, message.id, topicOf(message), plainText(message.content));
  }
  if (read.length > 0 && within(anyUnreadSql)) markReadMany(db, JSON.stringify(read));
  if (unread.length > 0) markCachedUnread(db, JSON.stringify(unread));
  if (pendingLow <= pendingHigh) db.run(pendingSpanSql, pendingLow, pendingHigh);
}
