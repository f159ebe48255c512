import type { Context } from './context';
import { emit } from './context';
import { badRequest, insufficientPermission } from './errors';
import { checkGroupSettingValue, holdsPermission, isInSetting, realmSetting } from './groups';
import type { Group, GroupSettingValue, Org } from './org';
import { groupSettingValue } from './params';

export const groupSettingNames = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type GroupSettingName = (typeof groupSettingNames)[number];

// The settings Zulip lets guests exercise (allow_everyone_group), and the
// system groups each setting may not be set to.
const guestsMay: ReadonlySet<GroupSettingName> = new Set(['can_leave_group', 'can_mention_group']);
const refusedGroups: Readonly<Record<GroupSettingName, readonly string[]>> = {
  can_add_members_group: ['role:internet', 'role:everyone'],
  can_join_group: ['role:internet', 'role:everyone'],
  can_leave_group: ['role:internet'],
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
  can_remove_members_group: ['role:internet', 'role:everyone'],
};

export function settingOf(group: Group, name: GroupSettingName): GroupSettingValue {
  const parsed = groupSettingValue.safeParse(group[name]);
  return parsed.success ? parsed.data : { direct_members: [], direct_subgroups: [] };
}

/** Refuses a value the setting may not take, in Zulip's words. */
export function checkGroupSetting(
  org: Org,
  name: GroupSettingName,
  value: GroupSettingValue,
): void {
  checkGroupSettingValue(org, value);
  if (typeof value !== 'number') return;
  const groupName = org.groups.get(value)?.name ?? '';
  if (refusedGroups[name].includes(groupName)) {
    throw badRequest(`'${name}' setting cannot be set to '${groupName}' group.`);
  }
}

/** Whether the user holds the group's setting; guests only those Zulip lets them. */
export function holdsGroupSetting(
  org: Org,
  userId: number,
  group: Group,
  name: GroupSettingName,
): boolean {
  const value = settingOf(group, name);
  return guestsMay.has(name)
    ? isInSetting(org, userId, value)
    : holdsPermission(org, userId, value);
}

/**
 * Refuses a change to the group as Zulip's access_user_group_for_update
 * does: system groups never; the realm's can_manage_all_groups and the
 * group's can_manage_group always; otherwise the named setting.
 */
export function checkMayUpdate(
  org: Org,
  userId: number,
  group: Group,
  setting: GroupSettingName,
): void {
  if (group.is_system_group) throw insufficientPermission();
  if (holdsPermission(org, userId, realmSetting(org, 'can_manage_all_groups'))) return;
  if (holdsGroupSetting(org, userId, group, 'can_manage_group')) return;
  if (setting !== 'can_manage_group' && holdsGroupSetting(org, userId, group, setting)) return;
  throw insufficientPermission();
}

/** Whether the user may do the first of these to the group, without refusing. */
export function mayUpdate(
  org: Org,
  userId: number,
  group: Group,
  setting: GroupSettingName,
): boolean {
  try {
    checkMayUpdate(org, userId, group, setting);
    return true;
  } catch {
    return false;
  }
}

/** The group, deactivated or not, or Zulip's refusal of an unknown one. */
export function groupOf(org: Org, groupId: number): Group {
  const group = org.groups.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  return group;
}

/**
 * Sends a `user_group` event about the group to everyone; one about a
 * deactivated group only to clients that take them (include_deactivated_groups).
 */
export function emitGroupEvent(
  context: Context,
  group: Group,
  event: { op: string } & Record<string, unknown>,
): void {
  emit(context, context.org.allUserIds(), (queue) =>
    group.deactivated && !queue.capabilities.include_deactivated_groups
      ? null
      : { type: 'user_group', ...event },
  );
}
