import type { EditHistoryEntry, Message } from '../../wire';
import type { UpdateMessageFlagsEvent } from '../../wire';
import type { CacheDb } from './cacheDb';
import type { UpdateMessageEvent } from '../../wire';
import { MENTIONED, READ, STARRED, flagBit, flagBits, flagNames } from './flags';
import { foldTopic, narrowKey, type Narrow } from './narrow';
import { ftsReplaceSql, writeMessages, type Delivered } from './messageRows';
import { hasLink, plainText } from './plainText';
import { extendNewest, punchHole } from './ranges';
import { streamName } from './subscriptions';
import { recordStreamTopic } from './topics';
import {
  markAllRead,
  markCachedUnread,
  markMentioned,
  markReadMany,
  markUnread,
  moveUnreads,
  placeOfDetails,
} from './unreads';

/** A message row as reads select it: the wire JSON without flags, and the flags. */
export interface StoredMessage {
  id: number;
  json: string;
  flags: number;
}

// The JSON was checked against the wire schema when it came from the server,
// and only this cache writes the file: reading it back is not a trust boundary,
// and re-checking every row would cost the window more than the query.
export function messageOfRow(row: StoredMessage): Message {
  const message = JSON.parse(row.json) as Message;
  message.flags = flagNames(row.flags);
  return message;
}

/** Messages from GET /messages, each carrying its flags. */
export function storeMessages(db: CacheDb, messages: readonly Message[], deferText = false): void {
  db.transaction(() => {
    writeMessages(
      db,
      messages.map((message) => ({ message, flags: message.flags ?? [] })),
      deferText,
    );
  });
}

const firstSpanSql = 'SELECT rowid AS span, low, high FROM fts_pending_spans ORDER BY low LIMIT 1';

/**
 * Gives up to `limit` pending messages their full-text entries, oldest first,
 * from the stored message as it is now (edited or moved since, perhaps);
 * deleted ones are simply not found. Says whether any are still pending.
 */
export function indexPending(db: CacheDb, limit: number): boolean {
  return db.transaction(() => {
    let left = limit;
    for (;;) {
      const first = db.get<{ span: number; low: number; high: number }>(firstSpanSql);
      if (first === undefined) return false;
      if (left === 0) return true;
      const rows = db.all<{ id: number; topic: string | null; json: string }>(
        'SELECT id, topic, json FROM messages WHERE id BETWEEN ? AND ? ORDER BY id LIMIT ?',
        first.low,
        first.high,
        left,
      );
      for (const row of rows) {
        const { content } = JSON.parse(row.json) as Pick<Message, 'content'>;
        db.run(ftsReplaceSql, row.id, row.topic ?? '', plainText(content));
      }
      left -= rows.length;
      const after = (rows.at(-1)?.id ?? first.high) + 1;
      if (left > 0 || after > first.high) {
        db.run('DELETE FROM fts_pending_spans WHERE rowid = ?', first.span);
      } else {
        db.run('UPDATE fts_pending_spans SET low = ? WHERE rowid = ?', after, first.span);
      }
    }
  });
}

/**
 * `message` events, in the order delivered: stored, and every range that
 * reached the newest now reaches the last of them.
 */
export function addLiveMessages(db: CacheDb, delivered: readonly Delivered[]): void {
  writeMessages(db, delivered, false);
  const newest = delivered.reduce((highest, { message }) => Math.max(highest, message.id), 0);
  if (newest > 0) extendNewest(db, newest);
}

const deletedIds = (event: { message_ids: number[] } | { message_id: number }): number[] =>
  'message_ids' in event ? event.message_ids : [event.message_id];

export function newestMessageId(db: CacheDb): number | null {
  return db.get<{ id: number | null }>('SELECT max(id) AS id FROM messages')?.id ?? null;
}

// A deleted message leaves its ranges whole: the cache still holds every
// message of the narrow in them.
export function deleteMessages(
  db: CacheDb,
  event: { message_ids: number[] } | { message_id: number },
): void {
  const ids = JSON.stringify(deletedIds(event));
  db.run('DELETE FROM messages WHERE id IN (SELECT value FROM json_each(?))', ids);
  db.run('DELETE FROM messages_fts WHERE rowid IN (SELECT value FROM json_each(?))', ids);
  markReadMany(db, ids);
}

export function changeFlags(
  db: CacheDb,
  event: UpdateMessageFlagsEvent,
  ownUserId: number | null,
): void {
  const bit = flagBit(event.flag);
  if (bit === 0) return;
  const ids = JSON.stringify(event.messages);
  if (event.op === 'add') {
    if (event.all) db.run('UPDATE messages SET flags = flags | ?', bit);
    else {
      db.run(
        'UPDATE messages SET flags = flags | ? WHERE id IN (SELECT value FROM json_each(?))',
        bit,
        ids,
      );
    }
    if (bit === READ && event.all) markAllRead(db);
    else if (bit === READ) markReadMany(db, ids);
    else if (bit === STARRED && !event.all) forgetStarredElsewhere(db, ids);
    return;
  }
  clearFlag(db, bit, ids);
  if (bit !== READ) return;
  markCachedUnread(db, ids);
  // The details place messages the cache does not hold (feature level 121).
  for (const [id, details] of Object.entries(event.message_details ?? {})) {
    markUnread(db, Number(id), placeOfDetails(details, ownUserId));
  }
}

/**
 * Cached messages a fresh page of the narrow lacks: deleted, or moved out of
 * it. A view by the reader's flags lacks them because the flag changed while
 * the cache was not listening, so only the flag goes.
 */
export function forgetAbsent(db: CacheDb, narrow: Narrow, ids: readonly number[]): void {
  const flag = narrow.kind === 'starred' ? STARRED : narrow.kind === 'mentioned' ? MENTIONED : 0;
  if (flag === 0) {
    deleteMessages(db, { message_ids: [...ids] });
    return;
  }
  clearFlag(db, flag, JSON.stringify(ids));
}

/** Clears the flag bits on the messages whose IDs `ids` lists as JSON. */
function clearFlag(db: CacheDb, bits: number, ids: string): void {
  db.run(
    'UPDATE messages SET flags = flags & ~? WHERE id IN (SELECT value FROM json_each(?))',
    bits,
    ids,
  );
}

/**
 * Messages starred on another device that this cache does not hold: the
 * starred narrow's ranges no longer hold all its messages, so they are split
 * around each one, to fetch it when the reader gets there.
 */
function forgetStarredElsewhere(db: CacheDb, ids: string): void {
  const missing = db.all<{ id: number }>(
    'SELECT value AS id FROM json_each(?) WHERE value NOT IN (SELECT id FROM messages)',
    ids,
  );
  const key = narrowKey({ kind: 'starred' }, null);
  for (const { id } of missing) punchHole(db, [key], id);
}

export function editMessages(db: CacheDb, event: UpdateMessageEvent): void {
  if (event.rendering_only !== true) recordEdit(db, event);
  if (event.rendered_content !== undefined) editContent(db, event, event.rendered_content);
  if (event.subject !== undefined || event.new_stream_id !== undefined) {
    moveMessages(db, event);
  }
}

/**
 * Adds the edit to the cached messages' edit_history, newest first as Zulip
 * keeps it, so that the window tells an edited message from a moved one
 * without asking the server.
 */
function recordEdit(db: CacheDb, event: UpdateMessageEvent): void {
  const moved = event.subject !== undefined || event.new_stream_id !== undefined;
  const rows = db.all<{ id: number; history: string | null; topic: string; stream: number }>(
    `SELECT id, json_extract(json, '$.edit_history') AS history,
       json_extract(json, '$.subject') AS topic, stream_id AS stream
     FROM messages WHERE id IN (SELECT value FROM json_each(?))`,
    JSON.stringify(event.message_ids),
  );
  for (const row of rows) {
    const contentChanged = row.id === event.message_id && event.rendered_content !== undefined;
    const entry: EditHistoryEntry = {
      user_id: event.user_id ?? null,
      timestamp: event.edit_timestamp,
      ...(contentChanged
        ? {
            prev_content: event.orig_content ?? '',
            ...(event.orig_rendered_content === undefined
              ? {}
              : { prev_rendered_content: event.orig_rendered_content }),
          }
        : {}),
      ...(event.subject === undefined ? {} : { prev_topic: row.topic, topic: event.subject }),
      ...(event.new_stream_id === undefined
        ? {}
        : { prev_stream: row.stream, stream: event.new_stream_id }),
    };
    if (!contentChanged && !moved) continue;
    const history = [entry, ...((row.history ? JSON.parse(row.history) : []) as unknown[])];
    db.run(
      "UPDATE messages SET json = json_set(json, '$.edit_history', json(?)) WHERE id = ?",
      JSON.stringify(history),
      row.id,
    );
  }
}

function editContent(db: CacheDb, event: UpdateMessageEvent, html: string): void {
  // Zulip re-renders messages without an edit (rendering_only): no edit time then.
  const editedAt = event.rendering_only === true ? null : event.edit_timestamp;
  const changed = db.run(
    `UPDATE messages SET flags = ?, has_link = ?,
       json = json_set(json, '$.content', ?, '$.is_me_message', json(?),
         '$.last_edit_timestamp', coalesce(?, json_extract(json, '$.last_edit_timestamp')))
     WHERE id = ?`,
    flagBits(event.flags),
    hasLink(html) ? 1 : 0,
    html,
    event.is_me_message === true ? 'true' : 'false',
    editedAt,
    event.message_id,
  );
  if (changed > 0) {
    db.run('UPDATE messages_fts SET body = ? WHERE rowid = ?', plainText(html), event.message_id);
  }
  markMentioned(db, event.message_id, (flagBits(event.flags) & MENTIONED) !== 0);
}

function moveMessages(db: CacheDb, event: UpdateMessageEvent): void {
  const ids = JSON.stringify(event.message_ids);
  const topic = event.subject ?? null;
  const streamId = event.new_stream_id ?? null;
  const newStreamName = streamId === null ? null : streamName(db, streamId);
  db.run(
    `UPDATE messages SET
       stream_id = coalesce(@streamId, stream_id),
       topic = coalesce(@topic, topic), topic_folded = coalesce(@folded, topic_folded),
       json = json_set(json,
         '$.subject', coalesce(@topic, json_extract(json, '$.subject')),
         '$.topic_links', json(coalesce(@topicLinks, json_extract(json, '$.topic_links'), '[]')),
         '$.stream_id', coalesce(@streamId, json_extract(json, '$.stream_id')),
         '$.display_recipient', coalesce(@streamName, json_extract(json, '$.display_recipient')),
         '$.last_edit_timestamp', @editedAt)
     WHERE id IN (SELECT value FROM json_each(@ids)) AND stream_id IS NOT NULL`,
    {
      streamId,
      topic,
      folded: topic === null ? null : foldTopic(topic),
      // A server that sends no links for the new topic leaves the old ones wrong; none is better.
      topicLinks: topic === null ? null : JSON.stringify(event.topic_links ?? []),
      streamName: newStreamName,
      editedAt: event.edit_timestamp,
      ids,
    },
  );
  if (topic !== null) {
    db.run(
      'UPDATE messages_fts SET topic = ? WHERE rowid IN (SELECT value FROM json_each(?))',
      topic,
      ids,
    );
  }
  moveUnreads(db, ids, { streamId, topic });
  holesForUncachedArrivals(db, event);
}

// A moved message the cache does not hold is now part of its new topic (and
// stream), whose recorded ranges would otherwise claim to hold it.
function holesForUncachedArrivals(db: CacheDb, event: UpdateMessageEvent): void {
  const held = new Set(
    db
      .all<{ id: number }>(
        'SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))',
        JSON.stringify(event.message_ids),
      )
      .map((row) => row.id),
  );
  const missing = event.message_ids.filter((id) => !held.has(id));
  if (missing.length === 0) return;
  const first = db.get<{ stream_id: number; topic: string }>(
    'SELECT stream_id, topic FROM messages WHERE id IN (SELECT value FROM json_each(?)) LIMIT 1',
    JSON.stringify([...held]),
  );
  const streamId = event.new_stream_id ?? event.stream_id ?? first?.stream_id;
  const topic = event.subject ?? first?.topic;
  if (streamId === undefined) return;
  const keys = event.new_stream_id === undefined ? [] : [`stream:${streamId}`];
  if (topic !== undefined) {
    keys.push(`topic:${streamId}:${foldTopic(topic)}`);
    recordStreamTopic(db, streamId, topic, Math.max(...missing));
  }
  for (const id of missing) punchHole(db, keys, id);
}
