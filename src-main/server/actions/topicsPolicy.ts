import { defaultEmptyTopicName } from '../../permissions/topicsPolicy';
import { errors } from '../errors';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';
import { channelHasNamedTopics, type StreamRow } from '../store/streams';
import { Role, type UserRow } from '../store/users';
import { mayInRealm } from './groupPermission';

/** Zulip 11's values of the organization's topics_policy (feature level 392). */
export const realmTopicsPolicies = ['allow_empty_topic', 'disable_empty_topic'] as const;

/** A channel's topics_policy: the organization's ("inherit") or one of its own. */
export const channelTopicsPolicies = [
  'inherit',
  'allow_empty_topic',
  'disable_empty_topic',
  'empty_topic_only',
] as const;

export type ChannelTopicsPolicy = (typeof channelTopicsPolicies)[number];

/** Zulip's get_stream_topics_policy: the channel's own, or the organization's where it inherits. */
export function effectiveTopicsPolicy(sql: Sql, stream: StreamRow): string {
  if (stream.topics_policy !== 'inherit') return stream.topics_policy;
  return getRealm(sql)?.topics_policy ?? 'allow_empty_topic';
}

/**
 * Zulip's check_message and build_message_edit_request: a channel that
 * disables the empty topic refuses it, one that takes only the empty topic
 * refuses every other. `moved` is false for an edit that leaves the message
 * where it is, which a channel disabling the empty topic lets through.
 */
export function checkTopicsPolicy(sql: Sql, stream: StreamRow, topic: string, moved = true): void {
  const policy = effectiveTopicsPolicy(sql, stream);
  if (moved && topic === '' && policy === 'disable_empty_topic') {
    throw errors.badRequest(
      `Sending messages to the ${defaultEmptyTopicName} is not allowed in this channel.`,
    );
  }
  if (topic !== '' && policy === 'empty_topic_only') {
    throw errors.badRequest(`Only the ${defaultEmptyTopicName} topic is allowed in this channel.`);
  }
}

/**
 * Zulip's validate_topics_policy: anyone may leave a channel to inherit the
 * organization's policy; setting one of its own takes can_set_topics_policy_group;
 * and a channel takes only the empty topic once it holds no other.
 */
export function checkTopicsPolicyChange(
  sql: Sql,
  user: UserRow,
  policy: ChannelTopicsPolicy,
  stream: StreamRow | null,
): void {
  // Zulip's can_set_topics_policy: administrators, whatever the setting says.
  const maySet = user.role <= Role.admin || mayInRealm(sql, user, 'can_set_topics_policy_group');
  if (policy !== 'inherit' && !maySet) {
    throw errors.badRequest('Insufficient permission');
  }
  if (stream && policy === 'empty_topic_only' && channelHasNamedTopics(sql, stream.recipient_id)) {
    throw errors.badRequest(
      `To enable this configuration, all messages in this channel must be in the ${defaultEmptyTopicName} topic. Consider renaming or deleting other topics.`,
    );
  }
}
