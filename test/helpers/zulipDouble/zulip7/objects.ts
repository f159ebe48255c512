import type { Org } from '../org';
import { streamPostPolicyOf } from './policies';

// Zulip 7.0's objects, made from the double's modern ones by the changelog's
// entries after feature level 185, read backwards.

const pick = (object: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));

// A channel as 7.0 describes it; channels gained creator_id (254),
// is_recently_active (323), is_archived (315), folder_id (389),
// topics_policy (392), subscriber_count (394) and their group settings
// (325 on), and can_remove_subscribers_group_id was renamed (197).
const streamKeys = [
  'stream_id',
  'name',
  'description',
  'rendered_description',
  'date_created',
  'invite_only',
  'is_web_public',
  'history_public_to_subscribers',
  'first_message_id',
  'message_retention_days',
  'stream_weekly_traffic',
];

/** A channel as 7.0's register and `stream` events give it. */
export function stream7(org: Org, modern: Record<string, unknown>): Record<string, unknown> {
  const streamId = Number(modern.stream_id);
  const stored = org.streams.get(streamId);
  const policy = stored ? streamPostPolicyOf(org, stored.can_send_message_group) : 1;
  const remover = stored?.can_remove_subscribers_group;
  return {
    ...pick(modern, streamKeys),
    stream_post_policy: policy,
    // The legacy flag 7.0 still sends: only administrators post.
    is_announcement_only: policy === 2,
    can_remove_subscribers_group_id: typeof remover === 'number' ? remover : 12,
  };
}

// A subscription's own fields; `email_address` left them at 226, `role` long before 7.0.
const subscriptionKeys = [
  'color',
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
  'subscribers',
];

/** A subscription as 7.0's register and `subscription` `add` events give it. */
export function subscription7(org: Org, modern: Record<string, unknown>): Record<string, unknown> {
  return {
    ...stream7(org, modern),
    ...pick(modern, subscriptionKeys),
    // The address 7.0 gives without an email gateway.
    email_address: '',
  };
}

// A user as 7.0 gives one; is_billing_admin left at 363, is_imported_stub came later.
const userKeys = [
  'user_id',
  'email',
  'delivery_email',
  'full_name',
  'role',
  'is_owner',
  'is_admin',
  'is_guest',
  'is_bot',
  'is_active',
  'is_system_bot',
  'bot_type',
  'bot_owner_id',
  'timezone',
  'date_joined',
  'avatar_url',
  'avatar_version',
  'profile_data',
];

export function user7(modern: Record<string, unknown>): Record<string, unknown> {
  return { ...pick(modern, userKeys), is_billing_admin: false };
}

// A user group as 7.0 gives one: its own settings (191 on), `deactivated`
// (290), `creator_id` and `date_created` (292) came later.
const groupKeys = [
  'id',
  'name',
  'description',
  'members',
  'direct_subgroup_ids',
  'is_system_group',
];

export const group7 = (modern: Record<string, unknown>) => pick(modern, groupKeys);

/**
 * A message as 7.0 gives one: a move set last_edit_timestamp until
 * last_moved_timestamp came (365), and reactions named their user (328).
 */
export function message7(org: Org, modern: Record<string, unknown>): Record<string, unknown> {
  const { last_moved_timestamp: moved, ...message } = modern;
  const edited = message.last_edit_timestamp;
  if (typeof moved === 'number') {
    message.last_edit_timestamp = Math.max(moved, typeof edited === 'number' ? edited : 0);
  }
  if (Array.isArray(message.reactions)) {
    message.reactions = (message.reactions as Record<string, unknown>[]).map((reaction) => ({
      ...reaction,
      user: reactionUser(org, Number(reaction.user_id)),
    }));
  }
  return message;
}

/** The `user` a 7.0 reaction carries beside its `user_id`. */
export function reactionUser(org: Org, userId: number) {
  const user = org.user(userId);
  return {
    id: userId,
    email: user?.email ?? '',
    full_name: user?.full_name ?? '',
    is_mirror_dummy: false,
  };
}

/** A code playground as 7.0 has it: a `url_prefix` the code is appended to (196 made it a template). */
export function playground7(modern: Record<string, unknown>): Record<string, unknown> {
  const { url_template: template, ...playground } = modern;
  return { ...playground, url_prefix: String(template).replace(/\{code\}$/, '') };
}
