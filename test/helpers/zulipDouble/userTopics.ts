import { z } from 'zod';
import { emit, type Context } from './context';
import { invalidChannelId } from './errors';
import type { Org } from './org';
import { int, json, parseParams, type RawParams } from './params';
import { topicFor } from './render';
import { normalisedTopic } from './sendMessage';

const userTopicSchema = z.object({
  stream_id: int,
  topic: z.string(),
  // 0 none, 1 muted, 2 unmuted, 3 followed (feature level 219).
  visibility_policy: json(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])),
});

// Zulip matches a topic's name without regard to case.
const topicKey = (streamId: number, topic: string) => `${streamId}\u0000${topic.toLowerCase()}`;

/** The user's topics with a visibility policy, as register's `user_topics` lists them. */
export function userTopicsOf(org: Org, userId: number, emptyTopicName: boolean) {
  return [...(org.userTopics.get(userId)?.values() ?? [])].map((each) => ({
    ...each,
    topic_name: topicFor(org, each.topic_name, { emptyTopicName }),
  }));
}

/**
 * POST /user_topics (Zulip 7.0, feature level 170): sets the user's
 * visibility policy for a topic, which need have no messages; 0 removes it.
 * A change is a `user_topic` event to the user's clients.
 */
export function updateUserTopic(context: Context, userId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(userTopicSchema, raw);
  const stream = org.streams.get(params.stream_id);
  // Removing a policy needs only that the channel exists; setting one, access to it.
  if (!stream || (params.visibility_policy !== 0 && !org.canReadChannel(userId, stream))) {
    throw invalidChannelId();
  }
  const topic = normalisedTopic(context, params.topic);
  const topics = org.userTopics.get(userId) ?? new Map();
  org.userTopics.set(userId, topics);
  const key = topicKey(stream.stream_id, topic);
  const current = topics.get(key)?.visibility_policy ?? 0;
  if (current === params.visibility_policy) return;
  const lastUpdated = context.now();
  if (params.visibility_policy === 0) {
    topics.delete(key);
  } else {
    topics.set(key, {
      stream_id: stream.stream_id,
      topic_name: topic,
      last_updated: lastUpdated,
      visibility_policy: params.visibility_policy,
    });
  }
  emit(context, [userId], (queue) => ({
    type: 'user_topic',
    stream_id: stream.stream_id,
    topic_name: topicFor(org, topic, { emptyTopicName: queue.capabilities.empty_topic_name }),
    last_updated: lastUpdated,
    visibility_policy: params.visibility_policy,
  }));
}
