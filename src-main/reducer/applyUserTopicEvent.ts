import type { QueuedEvent } from '../wire';
import type { UserTopic } from '../wire/registerState';

// SQLite's NOCASE folds ASCII letters only; /register orders topics that way.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const sameTopic = (a: string, b: string) => foldAscii(a) === foldAscii(b);
const byStreamThenTopic = (a: UserTopic, b: UserTopic) => {
  if (a.stream_id !== b.stream_id) return a.stream_id - b.stream_id;
  const [x, y] = [foldAscii(a.topic_name), foldAscii(b.topic_name)];
  return x < y ? -1 : x > y ? 1 : 0;
};

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
