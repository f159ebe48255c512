import type { Sql } from './sql';

export interface MutedTopicRow {
  stream_id: number;
  stream_name: string;
  topic: string;
  date_muted: number;
}

export function isTopicMuted(sql: Sql, userId: number, streamId: number, topic: string): boolean {
  return (
    sql.get(
      'SELECT 1 FROM muted_topics WHERE user_id = ? AND stream_id = ? AND topic = ? COLLATE NOCASE',
      [userId, streamId, topic],
    ) !== undefined
  );
}

export function insertMutedTopic(
  sql: Sql,
  muted: { userId: number; streamId: number; topic: string; dateMuted: number },
): void {
  sql.run(
    `INSERT INTO muted_topics (user_id, stream_id, topic, date_muted)
     VALUES (:userId, :streamId, :topic, :dateMuted)`,
    muted,
  );
}

export function deleteMutedTopic(
  sql: Sql,
  userId: number,
  streamId: number,
  topic: string,
): boolean {
  return (
    sql.run(
      'DELETE FROM muted_topics WHERE user_id = ? AND stream_id = ? AND topic = ? COLLATE NOCASE',
      [userId, streamId, topic],
    ).changes > 0
  );
}

export function mutedTopicsOf(sql: Sql, userId: number): MutedTopicRow[] {
  return sql.all<MutedTopicRow>(
    `SELECT muted_topics.stream_id, streams.name AS stream_name, muted_topics.topic,
       muted_topics.date_muted
     FROM muted_topics JOIN streams ON streams.id = muted_topics.stream_id
     WHERE muted_topics.user_id = ? ORDER BY muted_topics.id`,
    [userId],
  );
}
