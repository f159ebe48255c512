import type { QueuedEvent } from '../wire';
import type { UserTopic } from '../wire/registerState';
import { byStreamThenTopic, sameTopic } from '../registerReads/userTopicOrder';

/** `user_topic`: the topic's policy replaces the old one; policy 0 removes it. */
export function applyUserTopicEvent(
  topics: readonly UserTopic[],
  event: QueuedEvent & UserTopic,
): UserTopic[] {
  const kept = topics.filter(
    (topic) =>
      topic.stream_id !== event.stream_id || !sameTopic(topic.topic_name, event.topic_name),
  );
  if (event.visibility_policy === 0) return kept;
  const { stream_id, topic_name, last_updated, visibility_policy } = event;
  return [...kept, { stream_id, topic_name, last_updated, visibility_policy }].sort(
    byStreamThenTopic,
  );
}
