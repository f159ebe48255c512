import { badRequest } from '../errors';
import { systemGroupId } from '../groups';
import type { GroupSettingValue, Org } from '../org';

// Zulip 7.0 decided who may do what by role policies, realm settings holding
// a number. The double keeps the group settings that replaced them (one
// system group each), so a 7.0 policy is read from, and written as, the
// group settings of the feature level that replaced it.

// Zulip's common policy (Realm.POLICY_*), by the system group holding it.
const commonPolicy: Readonly<Record<string, number>> = {
  'role:members': 1,
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
  'role:everyone': 5,
  'role:nobody': 6,
  'role:owners': 7,
};

// WILDCARD_MENTION_POLICY_*: its own numbering (4, stream administrators, long retired).
const wildcardPolicy: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:members': 2,
  'role:fullmembers': 3,
  'role:administrators': 5,
  'role:nobody': 6,
  'role:moderators': 7,
};

// STREAM_POST_POLICY_*: a channel's who-may-post, replaced by can_send_message_group (level 333).
const streamPostPolicy: Readonly<Record<string, number>> = {
  'role:everyone': 1,
  'role:administrators': 2,
  'role:fullmembers': 3,
  'role:moderators': 4,
};

interface RolePolicy {
  /** The group settings that replaced it, each set to the policy's group. */
  settings: readonly string[];
  numbering: Readonly<Record<string, number>>;
  /** The values 7.0 takes for it. */
  values: readonly number[];
}

const common = (settings: string[], values: number[]): RolePolicy => ({
  settings,
  numbering: commonPolicy,
  values,
});

/**
 * The role policies of Zulip 7.0's register and PATCH /realm, each with the
 * group settings of the changelog entry that replaced it: edit_topic_policy
 * (316, resolving too until 367), move_messages_between_streams_policy (310),
 * delete_own_message_policy (291), create_*_stream_policy (264, 266, 280),
 * invite_to_stream_policy (341), invite_to_realm_policy (321),
 * user_group_edit_policy (299), add_custom_emoji_policy (307),
 * wildcard_mention_policy (352).
 */
export const rolePolicies: Readonly<Record<string, RolePolicy>> = {
  edit_topic_policy: common(
    ['can_move_messages_between_topics_group', 'can_resolve_topics_group'],
    [1, 2, 3, 4, 5],
  ),
  move_messages_between_streams_policy: common(
    ['can_move_messages_between_channels_group'],
    [1, 2, 3, 4],
  ),
  delete_own_message_policy: common(['can_delete_own_message_group'], [1, 2, 3, 4, 5]),
  create_public_stream_policy: common(['can_create_public_channel_group'], [1, 2, 3, 4]),
  create_private_stream_policy: common(['can_create_private_channel_group'], [1, 2, 3, 4]),
  create_web_public_stream_policy: common(['can_create_web_public_channel_group'], [2, 4, 6, 7]),
  invite_to_stream_policy: common(['can_add_subscribers_group'], [1, 2, 3, 4]),
  invite_to_realm_policy: common(['can_invite_users_group'], [1, 2, 3, 4, 6]),
  user_group_edit_policy: common(['can_create_groups', 'can_manage_all_groups'], [1, 2, 3, 4]),
  add_custom_emoji_policy: common(['can_add_custom_emoji_group'], [1, 2, 3, 4]),
  wildcard_mention_policy: {
    settings: ['can_mention_many_users_group'],
    numbering: wildcardPolicy,
    values: [1, 2, 3, 5, 6, 7],
  },
};

function groupName(org: Org, value: GroupSettingValue): string {
  return typeof value === 'number' ? (org.groups.get(value)?.name ?? '') : '';
}

const realmValue = (org: Org, setting: string) =>
  org.realm[`realm_${setting}`] as GroupSettingValue;

/** The policy's number, from the group its first setting holds; administrators where no number fits. */
function policyValue(org: Org, policy: RolePolicy): number {
  const [first = ''] = policy.settings;
  return policy.numbering[groupName(org, realmValue(org, first))] ?? 2;
}

/**
 * Every role policy of 7.0's register, with private_message_policy (270:
 * 1 allowed, 2 disabled) and bot_creation_policy (344: 1 everyone, 2 only
 * administrators make generic bots, 3 only administrators make any).
 */
export function rolePolicyState(org: Org): Record<string, number> {
  const state: Record<string, number> = {};
  for (const [name, policy] of Object.entries(rolePolicies)) {
    state[`realm_${name}`] = policyValue(org, policy);
  }
  const nobody = systemGroupId(org, 'role:nobody');
  state.realm_private_message_policy =
    realmValue(org, 'direct_message_permission_group') === nobody ? 2 : 1;
  const admins = ['role:administrators', 'role:owners'];
  const anyBot = !admins.includes(groupName(org, realmValue(org, 'can_create_bots_group')));
  const webhooks = !admins.includes(
    groupName(org, realmValue(org, 'can_create_write_only_bots_group')),
  );
  state.realm_bot_creation_policy = anyBot ? 1 : webhooks ? 2 : 3;
  return state;
}

/** The group settings a PATCH /realm of the 7.0 policy sets, refusing a value 7.0 refuses. */
export function settingsForPolicy(
  org: Org,
  name: string,
  raw: string,
): Record<string, number> | null {
  const value = Number(raw);
  const group = (role: string) => systemGroupId(org, role);
  if (name === 'private_message_policy') {
    if (value !== 1 && value !== 2) throw badRequest(`Invalid ${name}`);
    const who = group(value === 1 ? 'role:everyone' : 'role:nobody');
    return { direct_message_permission_group: who, direct_message_initiator_group: who };
  }
  if (name === 'bot_creation_policy') {
    if (![1, 2, 3].includes(value)) throw badRequest(`Invalid ${name}`);
    return {
      can_create_bots_group: group(value === 1 ? 'role:members' : 'role:administrators'),
      can_create_write_only_bots_group: group(value === 3 ? 'role:administrators' : 'role:members'),
    };
  }
  const policy = Object.hasOwn(rolePolicies, name) ? rolePolicies[name] : undefined;
  if (!policy) return null;
  const role = Object.entries(policy.numbering).find(([, number]) => number === value)?.[0];
  if (!role || !policy.values.includes(value)) throw badRequest(`Invalid ${name}`);
  return Object.fromEntries(policy.settings.map((setting) => [setting, group(role)]));
}

/** The names of the realm settings role policies stand for, which 7.0's answers leave out. */
export const policyGroupSettings = new Set([
  ...Object.values(rolePolicies).flatMap((policy) => policy.settings),
  'direct_message_permission_group',
  'direct_message_initiator_group',
  'can_create_bots_group',
  'can_create_write_only_bots_group',
]);

/** The policy names whose value a change of these group settings changes. */
export function policiesOfSettings(settings: readonly string[]): string[] {
  const names = Object.entries(rolePolicies)
    .filter(([, policy]) => policy.settings.some((setting) => settings.includes(setting)))
    .map(([name]) => name);
  if (settings.some((setting) => setting.startsWith('direct_message_'))) {
    names.push('private_message_policy');
  }
  if (settings.some((setting) => setting.startsWith('can_create_') && setting.includes('bots'))) {
    names.push('bot_creation_policy');
  }
  return names;
}

/** A channel's 7.0 stream_post_policy, from its can_send_message_group. */
export function streamPostPolicyOf(org: Org, value: GroupSettingValue): number {
  return streamPostPolicy[groupName(org, value)] ?? 1;
}

/** The can_send_message_group a 7.0 stream_post_policy stands for. */
export function sendGroupFor(org: Org, raw: string): number {
  const value = Number(raw);
  const role = Object.entries(streamPostPolicy).find(([, number]) => number === value)?.[0];
  if (!role) throw badRequest('Invalid stream_post_policy');
  return systemGroupId(org, role);
}
