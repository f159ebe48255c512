import type { CacheDb } from './cacheDb';
import type { UserTopicEvent } from '../../wire';
import { foldTopic } from './narrow';
import { streamIdByName } from './subscriptions';

export interface TopicPolicy {
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
}

const upsertSql = `INSERT OR REPLACE INTO user_topics (stream_id, topic_folded, visibility_policy)
  VALUES (?, ?, ?)`;

export function replaceUserTopics(db: CacheDb, policies: readonly TopicPolicy[]): void {
  db.run('DELETE FROM user_topics');
  for (const policy of policies) {
    db.run(upsertSql, policy.stream_id, foldTopic(policy.topic_name), policy.visibility_policy);
  }
}

// Zulip's legacy muted_topics name streams; the cache resolves them by its subscriptions.
export function policiesOfMutedTopics(
  db: CacheDb,
  mutedTopics: readonly (readonly [string, string, number])[],
): TopicPolicy[] {
  return mutedTopics.flatMap(([streamName, topic]) => {
    const streamId = streamIdByName(db, streamName);
    return streamId === null
      ? []
      : [{ stream_id: streamId, topic_name: topic, visibility_policy: 1 }];
  });
}

/** The user's visibility policy for a topic: 0 (inherit) when none is set. */
export function topicPolicyOf(db: CacheDb, streamId: number, topic: string): number {
  return (
    db.get<{ policy: number }>(
      'SELECT visibility_policy AS policy FROM user_topics WHERE stream_id = ? AND topic_folded = ?',
      streamId,
      foldTopic(topic),
    )?.policy ?? 0
  );
}

/** Zulip's user_topic: policy 0 (inherit) removes the topic's row. */
export function applyUserTopicEvent(db: CacheDb, event: UserTopicEvent): void {
  if (event.visibility_policy === 0) {
    db.run(
      'DELETE FROM user_topics WHERE stream_id = ? AND topic_folded = ?',
      event.stream_id,
      foldTopic(event.topic_name),
    );
    return;
  }
  db.run(upsertSql, event.stream_id, foldTopic(event.topic_name), event.visibility_policy);
}
