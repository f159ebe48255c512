import type { Sql } from './sql';

/** Zulip's UserTopic.VisibilityPolicy; `inherit` is the absence of a row. */
export const VisibilityPolicy = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export interface UserTopicRow {
  stream_id: number;
  stream_name: string;
  topic: string;
  visibility_policy: number;
  last_updated: number;
}

// Topics match without regard to case, as Zulip's UserTopic lookups do (iexact).
export function topicVisibility(sql: Sql, userId: number, streamId: number, topic: string): number {
  return (
    sql.get<{ visibility_policy: number }>(
      `SELECT visibility_policy FROM user_topics
       WHERE user_id = ? AND stream_id = ? AND topic = ?`,
      [userId, streamId, topic],
    )?.visibility_policy ?? VisibilityPolicy.inherit
  );
}

/** Sets a policy, keeping the topic's first spelling; `inherit` removes the row. */
export function setTopicVisibility(
  sql: Sql,
  row: { userId: number; streamId: number; topic: string; policy: number; lastUpdated: number },
): void {
  if (row.policy === VisibilityPolicy.inherit) {
    deleteTopicVisibility(sql, row.userId, row.streamId, row.topic);
    return;
  }
  sql.run(
    `INSERT INTO user_topics (user_id, stream_id, topic, visibility_policy, last_updated)
     VALUES (:userId, :streamId, :topic, :policy, :lastUpdated)
     ON CONFLICT (user_id, stream_id, topic) DO UPDATE
       SET visibility_policy = excluded.visibility_policy, last_updated = excluded.last_updated`,
    row,
  );
}

export function deleteTopicVisibility(
  sql: Sql,
  userId: number,
  streamId: number,
  topic: string,
): boolean {
  return (
    sql.run('DELETE FROM user_topics WHERE user_id = ? AND stream_id = ? AND topic = ?', [
      userId,
      streamId,
      topic,
    ]).changes > 0
  );
}

/** A user's topic policies, in the order /register lists them; Zulip leaves out archived streams'. */
export function userTopicsOf(sql: Sql, userId: number): UserTopicRow[] {
  return sql.all<UserTopicRow>(
    `SELECT ut.stream_id, s.name AS stream_name, ut.topic, ut.visibility_policy, ut.last_updated
     FROM user_topics ut JOIN streams s ON s.id = ut.stream_id
     WHERE ut.user_id = ? AND s.deactivated = 0 ORDER BY ut.stream_id, ut.topic`,
    [userId],
  );
}

export function mutedTopicsOf(sql: Sql, userId: number): UserTopicRow[] {
  return userTopicsOf(sql, userId).filter(
    (row) => row.visibility_policy === VisibilityPolicy.muted,
  );
}

/** Everyone with a policy for the topic, and which. */
export function policiesForTopic(
  sql: Sql,
  streamId: number,
  topic: string,
): { user_id: number; visibility_policy: number }[] {
  return sql.all<{ user_id: number; visibility_policy: number }>(
    `SELECT user_id, visibility_policy FROM user_topics WHERE stream_id = ? AND topic = ?
     ORDER BY user_id`,
    [streamId, topic],
  );
}

/** Every policy anyone set for a topic of the stream. */
export function policiesForStream(
  sql: Sql,
  streamId: number,
): { user_id: number; topic: string; visibility_policy: number; last_updated: number }[] {
  return sql.all<{
    user_id: number;
    topic: string;
    visibility_policy: number;
    last_updated: number;
  }>(
    'SELECT user_id, topic, visibility_policy, last_updated FROM user_topics WHERE stream_id = ? ORDER BY user_id',
    [streamId],
  );
}
