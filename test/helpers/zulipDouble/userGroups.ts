import { z } from 'zod';
import type { Context } from './context';
import { badRequest, insufficientPermission, notForGuests } from './errors';
import { isSubgroupOf } from './groups';
import { checkMayUpdate, emitGroupEvent, groupOf, mayUpdate } from './groupPermissions';
import type { Group, Org } from './org';
import { intList, parseParams, type RawParams } from './params';

const subgroupsSchema = z.object({
  add: intList.default([]),
  delete: intList.default([]),
});

const membersSchema = subgroupsSchema.extend({
  add_subgroups: intList.default([]),
  delete_subgroups: intList.default([]),
});

function checkActiveUsers(org: Org, userIds: readonly number[]): void {
  for (const id of userIds) {
    if (!org.isActive(id)) throw badRequest(`Invalid user ID: ${id}`);
  }
}

/** Joining or leaving alone goes by can_join_group or can_leave_group, falling back to adding or removing anyone. */
function checkMemberChange(
  org: Org,
  userId: number,
  group: Group,
  userIds: readonly number[],
  own: 'can_join_group' | 'can_leave_group',
  anyone: 'can_add_members_group' | 'can_remove_members_group',
): void {
  const alone = userIds.length === 1 && userIds[0] === userId;
  if (alone && mayUpdate(org, userId, group, own)) return;
  checkMayUpdate(org, userId, group, anyone);
}

function checkSubgroups(org: Org, subgroupIds: readonly number[]): void {
  for (const id of subgroupIds) {
    const subgroup = org.groups.get(id);
    if (!subgroup) throw badRequest(`Invalid user group ID: ${id}`);
    if (subgroup.deactivated) throw insufficientPermission();
  }
}

interface Change {
  add: number[];
  delete: number[];
  add_subgroups: number[];
  delete_subgroups: number[];
}

/**
 * Checks every part of the change as Zulip does, members first, then
 * applies it all and announces it; a refusal changes nothing. Deactivated
 * groups may change too (feature level 391).
 */
function changeGroup(context: Context, userId: number, groupId: number, change: Change): void {
  const { org } = context;
  if (org.user(userId)?.is_guest) throw notForGuests();
  const group = groupOf(org, groupId);
  if (change.add.length > 0) {
    checkMemberChange(org, userId, group, change.add, 'can_join_group', 'can_add_members_group');
    checkActiveUsers(org, change.add);
    for (const id of change.add) {
      if (group.members.includes(id))
        throw badRequest(`User ${id} is already a member of this group`);
    }
  }
  if (change.delete.length > 0) {
    checkMemberChange(
      org,
      userId,
      group,
      change.delete,
      'can_leave_group',
      'can_remove_members_group',
    );
    checkActiveUsers(org, change.delete);
    for (const id of change.delete) {
      if (!group.members.includes(id)) {
        throw badRequest(`There is no member '${id}' in this user group`);
      }
    }
  }
  if (change.add_subgroups.length > 0) {
    checkMayUpdate(org, userId, group, 'can_add_members_group');
    checkSubgroups(org, change.add_subgroups);
    for (const id of change.add_subgroups) {
      if (group.direct_subgroup_ids.includes(id)) {
        throw badRequest(`User group ${id} is already a subgroup of this group.`);
      }
      if (isSubgroupOf(org, group.id, id)) {
        throw badRequest(
          `User group ${group.id} is already a subgroup of one of the passed subgroups.`,
        );
      }
    }
  }
  if (change.delete_subgroups.length > 0) {
    checkMayUpdate(org, userId, group, 'can_manage_group');
    checkSubgroups(org, change.delete_subgroups);
    for (const id of change.delete_subgroups) {
      if (!group.direct_subgroup_ids.includes(id)) {
        throw badRequest(`User group ${id} is not a subgroup of this group.`);
      }
    }
  }

  group.members = [...group.members.filter((id) => !change.delete.includes(id)), ...change.add];
  group.direct_subgroup_ids = [
    ...group.direct_subgroup_ids.filter((id) => !change.delete_subgroups.includes(id)),
    ...change.add_subgroups,
  ];
  const announce = (op: string, field: string, ids: number[]) => {
    if (ids.length > 0) emitGroupEvent(context, group, { op, group_id: group.id, [field]: ids });
  };
  announce('add_members', 'user_ids', change.add);
  announce('remove_members', 'user_ids', change.delete);
  announce('add_subgroups', 'direct_subgroup_ids', change.add_subgroups);
  announce('remove_subgroups', 'direct_subgroup_ids', change.delete_subgroups);
}

/** POST /user_groups/{id}/members, with Zulip 10's add_subgroups and delete_subgroups. */
export function updateMembers(context: Context, userId: number, groupId: number, raw: RawParams) {
  const change = parseParams(membersSchema, raw);
  if (
    change.add.length +
      change.delete.length +
      change.add_subgroups.length +
      change.delete_subgroups.length ===
    0
  ) {
    throw badRequest(
      'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    );
  }
  changeGroup(context, userId, groupId, change);
}

/** POST /user_groups/{id}/subgroups. */
export function updateSubgroups(context: Context, userId: number, groupId: number, raw: RawParams) {
  const params = parseParams(subgroupsSchema, raw);
  if (params.add.length + params.delete.length === 0) {
    throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  }
  changeGroup(context, userId, groupId, {
    add: [],
    delete: [],
    add_subgroups: params.add,
    delete_subgroups: params.delete,
  });
}
