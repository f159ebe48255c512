import type { UserGroup } from '../wire';
import { recursiveSubgroupIds } from './groupNesting';

/**
 * Zulip's group-setting value (feature level 283 onwards for every setting):
 * the ID of a user group, or an anonymous group of people and groups.
 */
export type GroupSettingValue =
  number | { direct_members: readonly number[]; direct_subgroups: readonly number[] };

/** The part of a user group that membership is decided from. */
export type GroupMembership = Pick<UserGroup, 'id' | 'members' | 'direct_subgroup_ids'> & {
  name?: string;
};

/** Whether `value` has the shape of a group-setting value, for state read from a server. */
export function isGroupSettingValue(value: unknown): value is GroupSettingValue {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value !== 'object' || value === null) return false;
  const { direct_members: members, direct_subgroups: subgroups } = value as Record<string, unknown>;
  return Array.isArray(members) && Array.isArray(subgroups);
}

/**
 * Whether `userId` belongs to the group or any group inside it, however
 * deep: Zulip's is_user_in_group with direct_member_only off. A group the
 * state does not hold (deleted, or not sent) grants nothing, and a loop of
 * subgroups is walked once.
 */
export function isInGroup(
  groups: readonly GroupMembership[],
  groupId: number,
  userId: number,
): boolean {
  const byId = new Map(groups.map((group) => [group.id, group]));
  return [...recursiveSubgroupIds(groups, groupId)].some((id) =>
    byId.get(id)?.members.includes(userId),
  );
}

/** Whether the setting names `userId`, directly or through any of its groups. */
export function isInGroupSetting(
  groups: readonly GroupMembership[],
  value: GroupSettingValue,
  userId: number,
): boolean {
  if (typeof value === 'number') return isInGroup(groups, value, userId);
  return (
    value.direct_members.includes(userId) ||
    value.direct_subgroups.some((groupId) => isInGroup(groups, groupId, userId))
  );
}

/** A system group's ID by its name ("role:members"), where a setting's default names one. */
export function groupIdNamed(groups: readonly GroupMembership[], name: string): number | null {
  return groups.find((group) => group.name === name)?.id ?? null;
}
