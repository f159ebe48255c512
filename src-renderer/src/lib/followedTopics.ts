import type { Snapshot } from '../../../src-preload/bridge';

/**
 * Whether the reader follows the topic, matched without regard to case as
 * Zulip's topics are; null where the server has no followed topics.
 */
export function isFollowedTopic(
  snapshot: Snapshot | null,
  streamId: number,
  topic: string,
): boolean | null {
  const followed = snapshot?.followedTopics;
  if (!followed) return null;
  const wanted = topic.toLowerCase();
  return followed.some((each) => each.streamId === streamId && each.topic.toLowerCase() === wanted);
}
