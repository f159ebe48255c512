import type { CacheDb } from './cacheDb';
import { foldTopic } from './narrow';

export interface StreamTopic {
  name: string;
  /** The newest message ID known in the topic. */
  maxId: number;
}

/** A GET /users/me/{stream_id}/topics answer, replacing the stream's earlier one. */
export function storeStreamTopics(
  db: CacheDb,
  streamId: number,
  topics: readonly { name: string; max_id: number }[],
): void {
  db.transaction(() => {
    db.run('DELETE FROM stream_topics WHERE stream_id = ?', streamId);
    for (const topic of topics) {
      db.run(
        'INSERT OR REPLACE INTO stream_topics (stream_id, topic_folded, name, max_id) VALUES (?, ?, ?, ?)',
        streamId,
        foldTopic(topic.name),
        topic.name,
        topic.max_id,
      );
    }
  });
}

/**
 * A topic that messages the cache does not hold were moved to: the server
 * would list it now, so it joins the stream's listed topics.
 */
export function recordStreamTopic(
  db: CacheDb,
  streamId: number,
  name: string,
  maxId: number,
): void {
  db.run(
    `INSERT INTO stream_topics (stream_id, topic_folded, name, max_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (stream_id, topic_folded) DO UPDATE SET max_id = max(max_id, excluded.max_id)`,
    streamId,
    foldTopic(name),
    name,
    maxId,
  );
}

// The server's list may be older than the cached messages, and cached
// messages may not reach every topic: the union, newest activity first.
// Each topic's newest message is found in the topic index alone, and only
// that message's row is read for the topic's spelling: reading every row of
// a busy stream for it made the window's first view wait.
const topicsSql = `
SELECT name, max(max_id) AS maxId FROM (
  SELECT topic_folded, name, max_id FROM stream_topics WHERE stream_id = @streamId
  UNION ALL
  SELECT newest.topic_folded, m.topic AS name, newest.max_id FROM (
    SELECT topic_folded, max(id) AS max_id FROM messages INDEXED BY messages_by_topic
      WHERE stream_id = @streamId GROUP BY topic_folded
  ) AS newest JOIN messages m ON m.id = newest.max_id
)
GROUP BY topic_folded ORDER BY maxId DESC`;

export function topicsInStream(db: CacheDb, streamId: number): StreamTopic[] {
  return db.all<StreamTopic>(topicsSql, { streamId });
}

/**
 * Messages of a stream topic were deleted: a listing whose newest message
 * went is forgotten, since the server no longer lists the topic so (a whole
 * topic deleted, most often). The topic's messages the cache still holds
 * keep it listed, by their own newest.
 */
export function forgetDeletedNewest(
  db: CacheDb,
  event: { stream_id?: number | undefined; topic?: string | undefined; ids: readonly number[] },
): void {
  if (event.stream_id === undefined || event.topic === undefined) return;
  db.run(
    `DELETE FROM stream_topics WHERE stream_id = ? AND topic_folded = ?
     AND max_id IN (SELECT value FROM json_each(?))`,
    event.stream_id,
    foldTopic(event.topic),
    JSON.stringify(event.ids),
  );
}
