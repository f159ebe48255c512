import { isNobody, nobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { SystemGroupId } from '../queries/systemGroups';
import { BotCreationPolicy } from './botAccess';
import { Policy } from '../../permissions/rolePolicies';
import type { RealmGroupSettingColumn, RealmRow } from '../store/realm';
import { groupSettingOf } from './realmGroupSettings';

// Zulip's own migrations from each role policy to its system group.
const groupOfPolicy: Record<number, GroupSettingValue> = {
  [Policy.owners]: SystemGroupId.owners,
  [Policy.admins]: SystemGroupId.administrators,
  [Policy.moderators]: SystemGroupId.moderators,
  [Policy.fullMembers]: SystemGroupId.fullMembers,
  [Policy.members]: SystemGroupId.members,
  [Policy.everyone]: SystemGroupId.everyone,
  [Policy.nobody]: nobody,
};

const policyOfGroup = new Map<unknown, number>(
  Object.entries(groupOfPolicy).map(([policy, group]) => [JSON.stringify(group), Number(policy)]),
);

/** Zulip 7.0's role policies that PATCH /realm still takes, and the settings each now sets. */
export const legacyRealmPolicies = {
  edit_topic_policy: ['can_move_messages_between_topics_group', 'can_resolve_topics_group'],
  delete_own_message_policy: ['can_delete_own_message_group'],
  invite_to_realm_policy: ['can_invite_users_group'],
  move_messages_between_streams_policy: ['can_move_messages_between_channels_group'],
  add_custom_emoji_policy: ['can_add_custom_emoji_group'],
  create_public_stream_policy: ['can_create_public_channel_group'],
  create_private_stream_policy: ['can_create_private_channel_group'],
  create_web_public_stream_policy: ['can_create_web_public_channel_group'],
} as const satisfies Record<string, readonly RealmGroupSettingColumn[]>;

export type LegacyRealmPolicy = keyof typeof legacyRealmPolicies;

/** The group setting a role policy meant. */
export const groupOfRolePolicy = (policy: number): GroupSettingValue =>
  groupOfPolicy[policy] ?? SystemGroupId.administrators;

/**
 * The role policy a setting amounts to, for clients of Zulip 7.0: a setting
 * no role policy expresses (a group of people) reads as administrators only,
 * the policy that promises least.
 */
function rolePolicyOf(realm: RealmRow, name: RealmGroupSettingColumn): number {
  return policyOfGroup.get(JSON.stringify(groupSettingOf(realm, name))) ?? Policy.admins;
}

/** The bot settings Zulip 7.0's bot_creation_policy stood for. */
export function botSettingsOfPolicy(
  policy: number,
): [RealmGroupSettingColumn, GroupSettingValue][] {
  const { members, administrators } = SystemGroupId;
  return [
    ['can_create_bots_group', policy === BotCreationPolicy.everyone ? members : administrators],
    [
      'can_create_write_only_bots_group',
      policy === BotCreationPolicy.adminsOnly ? administrators : members,
    ],
  ];
}

// The role policies register gives clients of Zulip 7.0, each read from the
// group setting that replaced it: for those PATCH /realm still takes, the
// first of the settings it sets.
const readPolicies: Record<string, RealmGroupSettingColumn> = {
  ...Object.fromEntries(
    Object.entries(legacyRealmPolicies).map(([policy, [setting]]) => [policy, setting]),
  ),
  invite_to_stream_policy: 'can_add_subscribers_group',
  user_group_edit_policy: 'can_manage_all_groups',
};

// Zulip 7.0's WILDCARD_MENTION_POLICY_* for the groups its migration made of
// them: its own numbering, in which 4 (stream administrators) is long gone.
const wildcardPolicyOfGroup = new Map<unknown, number>([
  [JSON.stringify(SystemGroupId.everyone), 1],
  [JSON.stringify(SystemGroupId.members), 2],
  [JSON.stringify(SystemGroupId.fullMembers), 3],
  [JSON.stringify(SystemGroupId.administrators), 5],
  [JSON.stringify(nobody), 6],
  [JSON.stringify(SystemGroupId.moderators), 7],
]);

// Zulip 7.0's PRIVATE_MESSAGE_POLICY_*: 1 unlimited, 2 disabled.
const privateMessagePolicyOf = (realm: RealmRow): number =>
  isNobody(groupSettingOf(realm, 'direct_message_permission_group')) ? 2 : 1;

/**
 * Every role policy a client of Zulip 7.0 reads, as the group settings now
 * stand, and allow_edit_history, which the edit history's visibility policy
 * replaced (feature level 358): off only when no history is shown.
 */
export function legacyPolicySnapshot(realm: RealmRow): Record<string, number | boolean> {
  const snapshot: Record<string, number | boolean> = {
    allow_edit_history: realm.message_edit_history_visibility_policy !== 'none',
    bot_creation_policy: botCreationPolicyOf(realm),
    private_message_policy: privateMessagePolicyOf(realm),
    // A group no 7.0 policy names reads as administrators only, the policy that promises least.
    wildcard_mention_policy:
      wildcardPolicyOfGroup.get(
        JSON.stringify(groupSettingOf(realm, 'can_mention_many_users_group')),
      ) ?? 5,
  };
  for (const [policy, setting] of Object.entries(readPolicies)) {
    snapshot[policy] = rolePolicyOf(realm, setting);
  }
  return snapshot;
}

/** Zulip 7.0's bot_creation_policy for the organization's two bot settings. */
function botCreationPolicyOf(realm: RealmRow): number {
  const everyoneBots =
    groupSettingOf(realm, 'can_create_bots_group') !== SystemGroupId.administrators;
  if (everyoneBots) return BotCreationPolicy.everyone;
  const webhooks = groupSettingOf(realm, 'can_create_write_only_bots_group');
  return webhooks === SystemGroupId.administrators
    ? BotCreationPolicy.adminsOnly
    : BotCreationPolicy.limitGenericBots;
}
