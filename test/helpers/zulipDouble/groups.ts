import { groupSettingValue } from './params';
import type { GroupSettingValue, Org } from './org';

/** Every user in the group, through its subgroups at any depth, as Zulip resolves a group setting. */
export function usersInGroup(org: Org, groupId: number, seen = new Set<number>()): Set<number> {
  const users = new Set<number>();
  if (seen.has(groupId)) return users;
  seen.add(groupId);
  const group = org.groups.get(groupId);
  if (!group || group.deactivated) return users;
  for (const id of group.members) users.add(id);
  for (const sub of group.direct_subgroup_ids) {
    for (const id of usersInGroup(org, sub, seen)) users.add(id);
  }
  return users;
}

export function usersInSetting(org: Org, value: GroupSettingValue): Set<number> {
  if (typeof value === 'number') return usersInGroup(org, value);
  const users = new Set(value.direct_members);
  for (const sub of value.direct_subgroups) {
    for (const id of usersInGroup(org, sub)) users.add(id);
  }
  return users;
}

export const isInSetting = (org: Org, userId: number, value: GroupSettingValue): boolean =>
  usersInSetting(org, value).has(userId);

/** Whether `groupId` is reachable from `fromId` through subgroups: adding it the other way would make a cycle. */
export function isSubgroupOf(org: Org, groupId: number, fromId: number): boolean {
  const stack = [fromId];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop() ?? 0;
    if (id === groupId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(org.groups.get(id)?.direct_subgroup_ids ?? []));
  }
  return false;
}

/** A realm group setting as register names it (`realm_can_…_group`), read from the realm's state. */
export function realmSetting(org: Org, name: string): GroupSettingValue {
  const value = org.realm[`realm_${name}`];
  const parsed = groupSettingValue.safeParse(value);
  // Every realm group setting in the examples is valid; a missing one holds for nobody.
  return parsed.success ? parsed.data : { direct_members: [], direct_subgroups: [] };
}
