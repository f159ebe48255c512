import { badRequest } from './errors';
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

/**
 * Whether the user holds a permission Zulip never grants guests, whatever
 * groups its value names (a setting whose allow_everyone_group is false).
 */
export const holdsPermission = (org: Org, userId: number, value: GroupSettingValue): boolean =>
  org.user(userId)?.is_guest === false && isInSetting(org, userId, value);

/** The ID of a system group by its name (`role:members`…). */
export function systemGroupId(org: Org, name: string): number {
  const group = [...org.groups.values()].find((each) => each.is_system_group && each.name === name);
  if (!group) throw new Error(`the double has no system group ${name}`);
  return group.id;
}

/** Refuses a group-setting value naming a group or user the organization does not have, as Zulip does. */
export function checkGroupSettingValue(org: Org, value: GroupSettingValue): void {
  if (typeof value === 'number') {
    const group = org.groups.get(value);
    if (!group) throw badRequest('Invalid user group');
    if (group.deactivated) throw badRequest('User group is deactivated.');
    return;
  }
  for (const id of value.direct_subgroups) {
    const group = org.groups.get(id);
    if (!group) throw badRequest(`Invalid user group ID: ${id}`);
    if (group.deactivated) throw badRequest('Insufficient permission');
  }
  for (const id of value.direct_members) {
    if (!org.isActive(id)) throw badRequest(`Invalid user ID: ${id}`);
  }
}
