import type { Message } from '../../wire';
import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import type { Cache } from '../cache/accountCache';
import { topicPolicies, type NotifyContext, type NotifySettings, type TopicPolicy } from './policy';

const knownPolicies = new Set<number>(Object.values(topicPolicies));

/**
 * What the policy reads of one account, from its cache as events keep it:
 * its subscriptions and topic policies. `onScreen` says whether a message
 * belongs to the conversation the focused window shows; `mutedUserIds` are
 * whom the reader muted.
 */
export function cacheNotifyContext(
  cache: Cache,
  ownUserId: number,
  settings: NotifySettings,
  onScreen: (message: Message) => boolean,
  emptyTopicName: string = defaultEmptyTopicName,
  mutedUserIds: readonly number[] = [],
): NotifyContext {
  const muted = new Set(mutedUserIds);
  return {
    ownUserId,
    settings,
    onScreen,
    emptyTopicName,
    mutedSender: (userId) => muted.has(userId),
    stream: (streamId) => cache.subscription(streamId),
    topicPolicy(streamId, topic) {
      const policy = cache.topicPolicy(streamId, topic);
      // A policy newer than this client's reading of Zulip counts as none.
      return knownPolicies.has(policy) ? (policy as TopicPolicy) : topicPolicies.inherit;
    },
  };
}
