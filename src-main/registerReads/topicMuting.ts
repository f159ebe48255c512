/** A user's chosen visibility for one topic, as `user_topics` lists it. */
export interface TopicPolicy {
  stream_id: number;
  topic_name: string;
  visibility_policy: number;
}

export type IsMuted = (streamId: number, topic: string) => boolean;

// Zulip's UserTopic.VisibilityPolicy; followed topics came in Zulip 8.0.
export const topicPolicies = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;
export type TopicPolicyValue = (typeof topicPolicies)[keyof typeof topicPolicies];

const key = (streamId: number, topic: string) => `${streamId}\n${topic.toLowerCase()}`;

/**
 * Zulip 7.0's is_row_muted for one topic, from its policy: a muted topic is
 * muted anywhere, and a muted stream mutes every topic the user did not
 * unmute or follow.
 */
export function isRowMuted(streamMuted: boolean, policy: number): boolean {
  return policy === topicPolicies.muted || (streamMuted && policy === topicPolicies.inherit);
}

/** Zulip 7.0's is_row_muted over the user's policies; topics match without regard to case. */
export function topicMuting(
  mutedStreamIds: Iterable<number>,
  policies: readonly TopicPolicy[],
): IsMuted {
  const mutedStreams = new Set(mutedStreamIds);
  const byTopic = new Map(
    policies.map((policy) => [key(policy.stream_id, policy.topic_name), policy.visibility_policy]),
  );
  return (streamId, topic) =>
    isRowMuted(
      mutedStreams.has(streamId),
      byTopic.get(key(streamId, topic)) ?? topicPolicies.inherit,
    );
}
