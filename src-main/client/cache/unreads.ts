import { topicPolicies } from '../../registerReads/topicMuting';
import type { UnreadMessageDetails, UnreadMsgs } from '../../wire';
import type { CacheDb } from './cacheDb';
import { MENTIONED, STARRED } from './flags';
import { conversationKey, foldTopic, type Narrow } from './narrow';

/** Where one unread message waits, as the unreads table holds it. */
export interface UnreadPlace {
  streamId: number | null;
  topic: string | null;
  dmKey: string | null;
  /** The message mentions the reader, personally or by a wildcard. */
  mentioned?: boolean;
}

const insertSql = `INSERT OR REPLACE INTO unreads
  (message_id, stream_id, topic, topic_folded, dm_key, mentioned) VALUES (?, ?, ?, ?, ?, ?)`;

export function markUnread(db: CacheDb, messageId: number, place: UnreadPlace): void {
  const folded = place.topic === null ? null : foldTopic(place.topic);
  const mentioned = place.mentioned === true ? 1 : 0;
  db.run(insertSql, messageId, place.streamId, place.topic, folded, place.dmKey, mentioned);
}

/** An edit can add or take away a mention of the reader. */
export function markMentioned(db: CacheDb, messageId: number, mentioned: boolean): void {
  db.run('UPDATE unreads SET mentioned = ? WHERE message_id = ?', mentioned ? 1 : 0, messageId);
}

/** `ids` is a JSON array, so that a batch is one statement. */
export function markReadMany(db: CacheDb, ids: string): void {
  db.run('DELETE FROM unreads WHERE message_id IN (SELECT value FROM json_each(?))', ids);
}

export function markAllRead(db: CacheDb): void {
  db.run('DELETE FROM unreads');
}

/** The cached messages among `ids` (a JSON array) become unread where they are. */
export function markCachedUnread(db: CacheDb, ids: string): void {
  db.run(
    `INSERT OR REPLACE INTO unreads (message_id, stream_id, topic, topic_folded, dm_key, mentioned)
       SELECT id, stream_id, topic, topic_folded, dm_key, (flags & ?) != 0 FROM messages
       WHERE id IN (SELECT value FROM json_each(?))`,
    MENTIONED,
    ids,
  );
}

// Zulip's message_details name the other participants of a private message.
export function placeOfDetails(
  details: UnreadMessageDetails,
  ownUserId: number | null,
): UnreadPlace {
  const mentioned = details.mentioned === true;
  if (details.type === 'stream') {
    return { streamId: details.stream_id, topic: details.topic, dmKey: null, mentioned };
  }
  return {
    streamId: null,
    topic: null,
    dmKey: conversationKey(details.user_ids, ownUserId),
    mentioned,
  };
}

export function moveUnreads(
  db: CacheDb,
  ids: string,
  to: { streamId: number | null; topic: string | null },
): void {
  const folded = to.topic === null ? null : foldTopic(to.topic);
  db.run(
    `UPDATE unreads SET stream_id = coalesce(?, stream_id), topic = coalesce(?, topic),
       topic_folded = coalesce(?, topic_folded)
     WHERE message_id IN (SELECT value FROM json_each(?)) AND stream_id IS NOT NULL`,
    to.streamId,
    to.topic,
    folded,
    ids,
  );
}

/** Replaces what is known of unread messages with the register's summary. */
export function replaceUnreads(db: CacheDb, unread: UnreadMsgs, ownUserId: number | null): void {
  markAllRead(db);
  for (const stream of unread.streams) {
    const place = { streamId: stream.stream_id, topic: stream.topic, dmKey: null };
    for (const id of stream.unread_message_ids) markUnread(db, id, place);
  }
  for (const pm of unread.pms) {
    const place = {
      streamId: null,
      topic: null,
      dmKey: conversationKey([pm.other_user_id], ownUserId),
    };
    for (const id of pm.unread_message_ids) markUnread(db, id, place);
  }
  for (const huddle of unread.huddles) {
    const place = { streamId: null, topic: null, dmKey: huddle.user_ids_string };
    for (const id of huddle.unread_message_ids) markUnread(db, id, place);
  }
  db.run(
    'UPDATE unreads SET mentioned = 1 WHERE message_id IN (SELECT value FROM json_each(?))',
    JSON.stringify(unread.mentions),
  );
}

export interface TopicUnread {
  streamId: number;
  topic: string;
  count: number;
  /** Muted as Zulip's is_row_muted has it: left out of the stream's and the total count. */
  muted: boolean;
}

export interface UnreadCounts {
  /** Zulip's unread_msgs.count: every unread message outside muted streams and topics. */
  total: number;
  /** Per stream, muted topics (and, in a muted stream, topics not unmuted) left out. */
  streams: Map<number, number>;
  topics: TopicUnread[];
  /** Per private conversation, by its user_ids_string. */
  dms: Map<string, number>;
  /**
   * Unread direct messages and mentions, each message once, muted or not.
   * Zulip's web app adds the two counts, so a direct message that mentions
   * the reader counts twice there.
   */
  dmsAndMentions: number;
  /** Those and the unread messages of followed topics (Zulip 8), each message once. */
  dmsMentionsAndFollowed: number;
  /** Unread messages that mention the reader, muted or not, as Zulip's Mentions view counts them. */
  mentions: number;
}

// Zulip's UserTopic.VisibilityPolicy: 1 muted, 0 (or no row) inherits the stream's muting.
const topicCountsSql = `
SELECT u.stream_id AS streamId, max(u.topic) AS topic, count(*) AS count,
  CASE WHEN coalesce(t.visibility_policy, 0) = 1 THEN 1
       WHEN coalesce(s.is_muted, 0) = 1 AND coalesce(t.visibility_policy, 0) = 0 THEN 1
       ELSE 0 END AS muted
FROM unreads u
LEFT JOIN subscriptions s ON s.stream_id = u.stream_id
LEFT JOIN user_topics t ON t.stream_id = u.stream_id AND t.topic_folded = u.topic_folded
WHERE u.stream_id IS NOT NULL
GROUP BY u.stream_id, u.topic_folded
ORDER BY u.stream_id, u.topic_folded`;

export function unreadCounts(db: CacheDb): UnreadCounts {
  const rows = db.all<{ streamId: number; topic: string; count: number; muted: number }>(
    topicCountsSql,
  );
  const streams = new Map<number, number>();
  let total = 0;
  const topics = rows.map((row) => {
    const counted = row.muted === 1 ? 0 : row.count;
    streams.set(row.streamId, (streams.get(row.streamId) ?? 0) + counted);
    total += counted;
    return { streamId: row.streamId, topic: row.topic, count: row.count, muted: row.muted === 1 };
  });
  const dms = new Map<string, number>();
  const dmRows = db.all<{ dmKey: string; count: number }>(
    `SELECT dm_key AS dmKey, count(*) AS count FROM unreads
     WHERE dm_key IS NOT NULL GROUP BY dm_key`,
  );
  for (const row of dmRows) {
    dms.set(row.dmKey, row.count);
    total += row.count;
  }
  const special = db.get<{
    dmsAndMentions: number;
    dmsMentionsAndFollowed: number;
    mentions: number;
  }>(
    `SELECT coalesce(sum(u.dm_key IS NOT NULL OR u.mentioned = 1), 0) AS dmsAndMentions,
       count(*) AS dmsMentionsAndFollowed, coalesce(sum(u.mentioned), 0) AS mentions
     FROM unreads u
     LEFT JOIN user_topics t ON t.stream_id = u.stream_id AND t.topic_folded = u.topic_folded
     WHERE u.dm_key IS NOT NULL OR u.mentioned = 1 OR t.visibility_policy = ?`,
    topicPolicies.followed,
  );
  return {
    total,
    streams,
    topics,
    dms,
    dmsAndMentions: special?.dmsAndMentions ?? 0,
    dmsMentionsAndFollowed: special?.dmsMentionsAndFollowed ?? 0,
    mentions: special?.mentions ?? 0,
  };
}

/** The unread messages of a narrow, as the server last told of them, oldest first. */
export function unreadIdsIn(db: CacheDb, narrow: Narrow, ownUserId: number | null): number[] {
  const [filter, params] = unreadFilter(narrow, ownUserId);
  return db
    .all<{ id: number }>(
      `SELECT message_id AS id FROM unreads WHERE ${filter} ORDER BY message_id`,
      ...params,
    )
    .map((row) => row.id);
}

function unreadFilter(narrow: Narrow, ownUserId: number | null): [string, unknown[]] {
  switch (narrow.kind) {
    case 'all':
      return ['1', []];
    case 'stream':
      return ['stream_id = ?', [narrow.streamId]];
    case 'topic':
      return ['stream_id = ? AND topic_folded = ?', [narrow.streamId, foldTopic(narrow.topic)]];
    case 'dm':
      return ['dm_key = ?', [conversationKey(narrow.userIds, ownUserId)]];
    case 'mentioned':
      return ['mentioned = 1', []];
    case 'starred':
      return ['message_id IN (SELECT id FROM messages WHERE flags & ? != 0)', [STARRED]];
    case 'dms':
      return ['dm_key IS NOT NULL', []];
  }
}
