import { topicMuting, type IsMuted } from '../../registerReads/topicMuting';
import type { Sql } from '../store/sql';
import { streamSubscriptionsOfUser } from '../store/subscriptions';
import { userTopicsOf } from '../store/userTopics';

/** Which of the user's stream conversations are muted, from their subscriptions and topic policies. */
export function mutingOf(sql: Sql, userId: number): IsMuted {
  return topicMuting(
    streamSubscriptionsOfUser(sql, userId)
      .filter((subscription) => subscription.is_muted === 1)
      .map((subscription) => subscription.id),
    userTopicsOf(sql, userId).map((row) => ({ ...row, topic_name: row.topic })),
  );
}
