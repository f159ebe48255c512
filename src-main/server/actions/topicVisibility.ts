import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import type { StreamRow } from '../store/streams';
import {
  mutedTopicsOf,
  setTopicVisibility as storeTopicVisibility,
  topicVisibility,
  userTopicsOf,
  VisibilityPolicy,
} from '../store/userTopics';
import type { UserRow } from '../store/users';
import { checkTopic } from './validate';

/** Zulip's legacy `muted_topics` list: [stream name, topic, date muted]. */
export function mutedTopicsState(services: Services, user: UserRow): [string, string, number][] {
  return mutedTopicsOf(services.sql, user.id).map((row) => [
    row.stream_name,
    row.topic,
    row.last_updated,
  ]);
}

/** Zulip 7.0's `user_topics`: every topic whose visibility the user chose. */
export function userTopicsState(services: Services, user: UserRow) {
  return userTopicsOf(services.sql, user.id).map((row) => ({
    stream_id: row.stream_id,
    topic_name: row.topic,
    last_updated: row.last_updated,
    visibility_policy: row.visibility_policy,
  }));
}

export interface TopicVisibilityChange {
  stream: StreamRow;
  topic: string;
  policy: number;
}

/** A policy stored for one user, to announce once its transaction has committed. */
export interface StoredTopicVisibility extends TopicVisibilityChange {
  user: UserRow;
  lastUpdated: number;
}

/**
 * Stores the user's policy for a topic unless it already holds, and says
 * whether it stored it: Zulip 12 sends no event for a request that changes
 * nothing. Runs in the caller's transaction.
 */
export function storeTopicVisibilityChange(
  services: Services,
  user: UserRow,
  change: TopicVisibilityChange & { lastUpdated: number },
): boolean {
  const { sql } = services;
  const current = topicVisibility(sql, user.id, change.stream.id, change.topic);
  if (current === change.policy) return false;
  storeTopicVisibility(sql, {
    userId: user.id,
    streamId: change.stream.id,
    topic: change.topic,
    policy: change.policy,
    lastUpdated: change.lastUpdated,
  });
  return true;
}

/**
 * As Zulip's do_set_user_topic_visibility_policy: the new `user_topic`
 * event, and the legacy `muted_topics` list for clients that still read it.
 */
export function announceTopicVisibility(
  services: Services,
  user: UserRow,
  change: TopicVisibilityChange & { lastUpdated: number },
): void {
  services.queues.notify(
    plainNotice('muted_topics', { muted_topics: mutedTopicsState(services, user) }),
    [user.id],
  );
  services.queues.notify(
    plainNotice('user_topic', {
      stream_id: change.stream.id,
      topic_name: change.topic,
      last_updated: change.lastUpdated,
      visibility_policy: change.policy,
    }),
    [user.id],
  );
}

export function announceStoredTopicVisibilities(
  services: Services,
  stored: readonly StoredTopicVisibility[],
): void {
  for (const change of stored) announceTopicVisibility(services, change.user, change);
}

/**
 * POST /user_topics: sets (or, with `inherit`, clears) the user's policy for
 * a topic: muted, unmuted or, since Zulip 8.0 (feature level 219), followed.
 */
export function setTopicVisibility(
  services: Services,
  user: UserRow,
  change: TopicVisibilityChange,
): void {
  const { sql } = services;
  const topic = checkTopic(change.topic);
  const stored = { ...change, topic, lastUpdated: Math.floor(Date.now() / 1000) };
  const changed = sql.transaction(() => storeTopicVisibilityChange(services, user, stored));
  if (changed) announceTopicVisibility(services, user, stored);
}

/** The legacy PATCH muted_topics: Zulip refuses to mute twice or unmute what is not muted. */
export function muteTopic(
  services: Services,
  user: UserRow,
  request: { stream: StreamRow; topic: string; muted: boolean },
): void {
  const topic = checkTopic(request.topic);
  const current = topicVisibility(services.sql, user.id, request.stream.id, topic);
  if (request.muted && current === VisibilityPolicy.muted) {
    throw errors.badRequest('Topic already muted');
  }
  if (!request.muted && current === VisibilityPolicy.inherit) {
    throw errors.badRequest('Topic is not muted');
  }
  setTopicVisibility(services, user, {
    stream: request.stream,
    topic,
    policy: request.muted ? VisibilityPolicy.muted : VisibilityPolicy.inherit,
  });
}
