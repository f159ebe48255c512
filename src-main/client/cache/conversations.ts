import type { CacheDb } from './cacheDb';

/** A conversation as its latest known message places it: a stream's topic, or a private one. */
export interface RecentConversation {
  /** Null for a private conversation. */
  streamId: number | null;
  /** The topic as its latest message spells it; empty for a private conversation. */
  topic: string;
  /** Zulip's user_ids_string of a private conversation; null for a topic. */
  dmKey: string | null;
  /** The latest message's ID, cached or only known unread. */
  latestId: number;
  /** When the latest cached message was sent (seconds since the epoch); null if none is cached. */
  timestamp: number | null;
  /** Who wrote the last messages held, the latest writer first. */
  senderIds: number[];
}

// How many of a conversation's latest messages name its participants.
const sendersFrom = 30;

// Unread messages the cache does not hold still place their conversation, so
// that a direct message that arrived while the window was closed shows.
const latestSql = (where: string) => `
SELECT stream_id AS streamId, topic_folded AS topicFolded, dm_key AS dmKey, max(id) AS latestId
FROM (
  SELECT id, stream_id, topic_folded, dm_key FROM messages WHERE ${where}
  UNION ALL
  SELECT message_id, stream_id, topic_folded, dm_key FROM unreads WHERE ${where}
)
GROUP BY stream_id, topic_folded, dm_key
ORDER BY latestId DESC
LIMIT ?`;

interface LatestRow {
  streamId: number | null;
  topicFolded: string | null;
  dmKey: string | null;
  latestId: number;
}

/** The latest conversations, newest first; with `privateOnly`, the private ones alone. */
export function recentConversations(
  db: CacheDb,
  limit: number,
  privateOnly = false,
): RecentConversation[] {
  const rows = db.all<LatestRow>(latestSql(privateOnly ? 'dm_key IS NOT NULL' : '1'), limit);
  return rows.map((row) => {
    const held =
      row.dmKey === null
        ? db.all<{ senderId: number; topic: string; timestamp: number }>(
            `SELECT sender_id AS senderId, topic, json_extract(json, '$.timestamp') AS timestamp
             FROM messages WHERE stream_id = ? AND topic_folded = ? ORDER BY id DESC LIMIT ?`,
            row.streamId,
            row.topicFolded,
            sendersFrom,
          )
        : db.all<{ senderId: number; topic: string; timestamp: number }>(
            `SELECT sender_id AS senderId, '' AS topic, json_extract(json, '$.timestamp') AS timestamp
             FROM messages WHERE dm_key = ? ORDER BY id DESC LIMIT ?`,
            row.dmKey,
            sendersFrom,
          );
    const unreadTopic =
      row.dmKey === null && held.length === 0
        ? db.get<{ topic: string }>(
            'SELECT topic FROM unreads WHERE stream_id = ? AND topic_folded = ? LIMIT 1',
            row.streamId,
            row.topicFolded,
          )?.topic
        : undefined;
    return {
      streamId: row.streamId,
      topic: held[0]?.topic ?? unreadTopic ?? '',
      dmKey: row.dmKey,
      latestId: row.latestId,
      timestamp: held[0]?.timestamp ?? null,
      senderIds: [...new Set(held.map((message) => message.senderId))],
    };
  });
}
