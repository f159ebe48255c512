import type { UserGroup } from '../wire';

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

/** The value that names no one: Zulip's role:nobody, before a server has that group. */
export const nobody: GroupSettingValue = { direct_members: [], direct_subgroups: [] };

/** Whether the value names no one: the anonymous group with neither members nor groups. */
export const isNobody = (value: GroupSettingValue): boolean =>
  typeof value !== 'number' &&
  value.direct_members.length === 0 &&
  value.direct_subgroups.length === 0;

/** Whether `value` has the shape of a group-setting value, for state read from a server. */
export function isGroupSettingValue(value: unknown): value is GroupSettingValue {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value !== 'object' || value === null) return false;
  const { direct_members: members, direct_subgroups: subgroups } = value as Record<string, unknown>;
  return Array.isArray(members) && Array.isArray(subgroups);
}

/**
 * Every group `userId` belongs to, directly or through a group inside it
 * however deep: Zulip's recursive membership, worked out once so that each
 * setting is then a lookup. A group the state does not hold (deleted, or not
 * sent) holds no one, and a loop of subgroups is walked once.
 */
export function groupsHolding(groups: readonly GroupMembership[], userId: number): Set<number> {
  const holders = new Map<number, number[]>();
  for (const group of groups) {
    for (const inside of group.direct_subgroup_ids) {
      holders.set(inside, [...(holders.get(inside) ?? []), group.id]);
    }
  }
  const held = new Set<number>();
  const pending = groups.filter((group) => group.members.includes(userId)).map(({ id }) => id);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (held.has(id)) continue;
    held.add(id);
    pending.push(...(holders.get(id) ?? []));
  }
  return held;
}

/** Whether the setting names `userId`, directly or through any of its groups (`held`: groupsHolding's answer). */
export function isInGroupSetting(
  held: ReadonlySet<number>,
  value: GroupSettingValue,
  userId: number,
): boolean {
  if (typeof value === 'number') return held.has(value);
  return (
    value.direct_members.includes(userId) ||
    value.direct_subgroups.some((groupId) => held.has(groupId))
  );
}

/** Whether the value names `groupId`: is that group, or holds it among its subgroups. */
export const namesGroup = (value: GroupSettingValue, groupId: number): boolean =>
  typeof value === 'number' ? value === groupId : value.direct_subgroups.includes(groupId);

/** A system group's ID by its name ("role:members"), where a setting's default names one. */
export function groupIdNamed(groups: readonly GroupMembership[], name: string): number | null {
  return groups.find((group) => group.name === name)?.id ?? null;
}
