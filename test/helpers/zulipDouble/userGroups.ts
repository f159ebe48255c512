import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest } from './errors';
import { isInSetting, isSubgroupOf, realmSetting } from './groups';
import type { Group, GroupSettingValue } from './org';
import { groupSettingValue, intList, parseParams, type RawParams } from './params';

const changeSchema = z.object({
  add: intList.default([]),
  delete: intList.default([]),
});

const membersSchema = changeSchema.extend({
  add_subgroups: intList.default([]),
  delete_subgroups: intList.default([]),
});

function groupOf(context: Context, groupId: number): Group {
  const group = context.org.groups.get(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (group.deactivated) throw badRequest('You can only modify active user groups.');
  return group;
}

function settingOf(group: Group, name: string): GroupSettingValue {
  const parsed = groupSettingValue.safeParse(group[name]);
  return parsed.success ? parsed.data : { direct_members: [], direct_subgroups: [] };
}

/**
 * Whether the user may change the group's membership in that way: system
 * groups follow roles and are never edited; others by the group's own settings
 * or the realm's can_manage_all_groups.
 */
function checkMayChange(context: Context, userId: number, group: Group, setting: string): void {
  const { org } = context;
  if (group.is_system_group) throw badRequest('Insufficient permission');
  const allowed =
    isInSetting(org, userId, realmSetting(org, 'can_manage_all_groups')) ||
    isInSetting(org, userId, settingOf(group, 'can_manage_group')) ||
    isInSetting(org, userId, settingOf(group, setting));
  if (!allowed) throw badRequest('Insufficient permission');
}

function everyone(context: Context): number[] {
  return context.org.allUserIds();
}

function changeMembers(
  context: Context,
  userId: number,
  group: Group,
  add: number[],
  remove: number[],
) {
  const { org } = context;
  if (add.length > 0) checkMayChange(context, userId, group, 'can_add_members_group');
  if (remove.length > 0) checkMayChange(context, userId, group, 'can_remove_members_group');
  for (const id of [...add, ...remove]) {
    if (!org.users.has(id)) throw badRequest(`Invalid user ID: ${id}`);
  }
  for (const id of add) {
    if (group.members.includes(id))
      throw badRequest(`User ${id} is already a member of this group`);
  }
  for (const id of remove) {
    if (!group.members.includes(id))
      throw badRequest(`There is no member '${id}' in this user group`);
  }
  group.members = [...group.members.filter((id) => !remove.includes(id)), ...add];
  announce(context, group, 'add_members', { user_ids: add });
  announce(context, group, 'remove_members', { user_ids: remove });
}

/** Zulip's user_group event for a change of members or subgroups, to everyone; none for no change. */
function announce(
  context: Context,
  group: Group,
  op: 'add_members' | 'remove_members' | 'add_subgroups' | 'remove_subgroups',
  changed: { user_ids: number[] } | { direct_subgroup_ids: number[] },
) {
  if (Object.values(changed)[0]?.length === 0) return;
  emit(context, everyone(context), () => ({
    type: 'user_group',
    op,
    group_id: group.id,
    ...changed,
  }));
}

function changeSubgroups(
  context: Context,
  userId: number,
  group: Group,
  add: number[],
  remove: number[],
) {
  const { org } = context;
  if (add.length === 0 && remove.length === 0) return;
  checkMayChange(context, userId, group, 'can_manage_group');
  for (const id of [...add, ...remove]) {
    if (!org.groups.has(id)) throw badRequest(`Invalid user group ID: ${id}`);
  }
  for (const id of add) {
    if (group.direct_subgroup_ids.includes(id)) {
      throw badRequest(`User group ${id} is already a subgroup of this group.`);
    }
    if (isSubgroupOf(org, group.id, id)) {
      throw badRequest(
        `User group ${group.id} is already a subgroup of one of the passed subgroups.`,
      );
    }
  }
  for (const id of remove) {
    if (!group.direct_subgroup_ids.includes(id)) {
      throw badRequest(`User group ${id} is not a subgroup of this group.`);
    }
  }
  group.direct_subgroup_ids = [
    ...group.direct_subgroup_ids.filter((id) => !remove.includes(id)),
    ...add,
  ];
  announce(context, group, 'add_subgroups', { direct_subgroup_ids: add });
  announce(context, group, 'remove_subgroups', { direct_subgroup_ids: remove });
}

/** POST /user_groups/{id}/members, with Zulip 10's add_subgroups and delete_subgroups. */
export function updateMembers(context: Context, userId: number, groupId: number, raw: RawParams) {
  const group = groupOf(context, groupId);
  const params = parseParams(membersSchema, raw);
  changeMembers(context, userId, group, params.add, params.delete);
  changeSubgroups(context, userId, group, params.add_subgroups, params.delete_subgroups);
}

/** POST /user_groups/{id}/subgroups. */
export function updateSubgroups(context: Context, userId: number, groupId: number, raw: RawParams) {
  const group = groupOf(context, groupId);
  const params = parseParams(changeSchema, raw);
  changeSubgroups(context, userId, group, params.add, params.delete);
}
