import type { Sql } from './sql';
import { VisibilityPolicy } from './userTopics';

/**
 * Zulip 11's resolved_topic_notice_auto_read_policy (feature level 385): of
 * the people given, those for whom a notice that the topic was resolved or
 * unresolved arrives already read. "always" reads it for them, "never"
 * leaves it unread, and "except_followed", the default, reads it unless
 * they follow the topic.
 */
export function resolvedNoticeReaders(
  sql: Sql,
  userIds: readonly number[],
  streamId: number,
  topic: string,
): Set<number> {
  const chosen = new Map(
    sql
      .all<{ user_id: number; value: string }>(
        `SELECT user_id, value FROM user_settings
         WHERE name = 'resolved_topic_notice_auto_read_policy'`,
      )
      .map((row) => [row.user_id, JSON.parse(row.value) as string]),
  );
  const following = new Set(
    sql
      .all<{ user_id: number }>(
        `SELECT user_id FROM user_topics
         WHERE stream_id = ? AND topic = ? AND visibility_policy = ?`,
        [streamId, topic, VisibilityPolicy.followed],
      )
      .map((row) => row.user_id),
  );
  return new Set(
    userIds.filter((id) => {
      const policy = chosen.get(id) ?? 'except_followed';
      return policy === 'always' || (policy === 'except_followed' && !following.has(id));
    }),
  );
}
