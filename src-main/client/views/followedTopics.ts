import type { FollowedTopic } from '../../../src-preload/bridge';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import { topicPolicies } from '../../registerReads/topicMuting';
import { followedTopicsSince } from '../api/topics';

/** Whether the reader's server lets topics be followed. */
export function followsTopics(state: InitialState | null): boolean {
  return state !== null && featureLevelOf(state) >= followedTopicsSince;
}

/**
 * The topics the reader follows, as the server's user_topic events keep
 * user_topics; null where the server has no followed topics to offer.
 */
export function followedTopicsOf(state: InitialState | null): FollowedTopic[] | null {
  if (!followsTopics(state)) return null;
  return (state?.user_topics ?? [])
    .filter((topic) => topic.visibility_policy === topicPolicies.followed)
    .map((topic) => ({ streamId: topic.stream_id, topic: topic.topic_name }));
}
