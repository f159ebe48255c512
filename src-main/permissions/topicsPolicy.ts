import type { InitialState } from '../wire/registerState';
import type { StateChannel } from '../registerReads/channelsById';
import { featureLevelOf } from './rolePolicies';

/** What every Zulip client shows for the empty topic where the server names it nothing. */
export const defaultEmptyTopicName = 'general chat';

/** Zulip 10 (feature level 334): a channel message may have the empty topic. */
export const emptyTopicSince = 334;
// Zulip 11 (feature level 392): realm_topics_policy and each channel's topics_policy.
const topicsPolicySince = 392;

/** Whether a channel takes messages without a topic, requires one, or takes only those. */
export type TopicsPolicy = 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';

/** The organization's realm_empty_topic_display_name, as its people see the empty topic. */
export function emptyTopicNameOf(state: InitialState | null): string {
  const name = state?.['realm_empty_topic_display_name'];
  return typeof name === 'string' && name.trim() !== '' ? name : defaultEmptyTopicName;
}

/** A topic as the window and notifications name it: the empty one by its display name. */
export function topicDisplayName(topic: string, emptyTopicName: string): string {
  return topic === '' ? emptyTopicName : topic;
}

function realmTopicsPolicy(state: InitialState, level: number): TopicsPolicy {
  const policy = state['realm_topics_policy'];
  if (level >= topicsPolicySince && policy === 'allow_empty_topic') return policy;
  if (level >= topicsPolicySince && policy === 'disable_empty_topic') return policy;
  return state['realm_mandatory_topics'] === true ? 'disable_empty_topic' : 'allow_empty_topic';
}

/**
 * Where the reader may send without a topic, in `channel` (as channelsById
 * gives it): nowhere on a server before the empty topic (Hearth hosts among
 * them, which refuse it); elsewhere as the channel's topics_policy says, or
 * the organization's where the channel inherits it (realm_mandatory_topics
 * before Zulip 11).
 */
export function topicsPolicyOf(
  state: InitialState | null,
  channel: StateChannel | undefined,
): TopicsPolicy {
  if (!state) return 'disable_empty_topic';
  const level = featureLevelOf(state);
  if (level < emptyTopicSince) return 'disable_empty_topic';
  const own = channel?.['topics_policy'];
  if (
    level >= topicsPolicySince &&
    (own === 'allow_empty_topic' || own === 'disable_empty_topic' || own === 'empty_topic_only')
  ) {
    return own;
  }
  return realmTopicsPolicy(state, level);
}
