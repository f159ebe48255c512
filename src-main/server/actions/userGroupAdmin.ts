import type { UserGroup } from '../../wire';
import { ApiError, errors } from '../errors';
import { plainNotice } from '../events/notice';
import { recursiveSubgroupIds } from '../../permissions/groupNesting';
import { userGroupsState, userGroupWire } from '../queries/systemGroups';
import type { Services } from '../services';
import {
  addUserGroupMembers,
  addUserGroupSubgroups,
  deleteUserGroupRow,
  forgetSubgroup,
  insertUserGroup,
  membersOf,
  removeUserGroupMembers,
  removeUserGroupSubgroups,
  subgroupsOf,
  supergroupsOf,
  updateUserGroupRow,
  userGroupById,
  userGroupByName,
  type UserGroupRow,
} from '../store/userGroups';
import { activeUserIds, userById, type UserRow } from '../store/users';
import { getRealm } from '../store/realm';
import { mayInRealm } from './groupPermission';
import { realmSettingsNaming } from './realmGroupSettings';

// Zulip's UserGroup.MAX_NAME_LENGTH and the prefixes it keeps for system groups.
const MAX_GROUP_NAME_LENGTH = 100;
const reservedPrefixes = ['@', 'role:'];

// The organization's can_create_groups and can_manage_all_groups, which
// Hearth starts at every member but guests, as its user_group_edit_policy was.
function checkMay(
  sql: Services['sql'],
  user: UserRow,
  setting: 'can_create_groups' | 'can_manage_all_groups',
): void {
  if (!mayInRealm(sql, user, setting)) throw errors.badRequest('Insufficient permission');
}

function checkName(sql: Services['sql'], name: string, except?: number): string {
  const trimmed = name.trim();
  if (trimmed === '') throw errors.badRequest("User group name can't be empty!");
  if (trimmed.length > MAX_GROUP_NAME_LENGTH) {
    throw errors.badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  }
  const reserved = reservedPrefixes.find((prefix) => trimmed.startsWith(prefix));
  if (reserved) throw errors.badRequest(`User group name cannot start with '${reserved}'.`);
  const taken = userGroupByName(sql, trimmed);
  if (taken && taken.id !== except) {
    throw errors.badRequest(`User group '${trimmed}' already exists.`);
  }
  return trimmed;
}

function checkUsers(sql: Services['sql'], userIds: readonly number[]): number[] {
  for (const id of userIds) {
    if (userById(sql, id)?.is_active !== 1) throw errors.badRequest(`Invalid user ID: ${id}`);
  }
  return [...new Set(userIds)];
}

/** A group people made; the system groups are the host's own and change only with roles. */
function editableGroup(sql: Services['sql'], user: UserRow, groupId: number): UserGroupRow {
  checkMay(sql, user, 'can_manage_all_groups');
  const group = userGroupById(sql, groupId);
  if (!group) {
    throw groupId >= 1 && groupId <= 7
      ? errors.badRequest('Insufficient permission')
      : errors.badRequest('Invalid user group');
  }
  return group;
}

function tellEveryone(services: Services, payload: Record<string, unknown>): void {
  services.queues.notify(plainNotice('user_group', payload), activeUserIds(services.sql));
}

// As Zulip refuses to deactivate a group a permission names (Zulip 10 put
// deactivation in deletion's place): the permission would lose its holders.
function checkNotInUse(sql: Services['sql'], groupId: number): void {
  const realm = getRealm(sql);
  const settings = realm ? realmSettingsNaming(realm, groupId) : [];
  if (settings.length === 0) return;
  throw new ApiError(
    'Cannot deactivate user group in use.',
    'CANNOT_DEACTIVATE_GROUP_IN_USE',
    400,
    {
      objections: [{ type: 'realm', settings }],
    },
  );
}

/** Zulip's POST /user_groups/create; returns the new group's ID. */
export function createUserGroup(
  services: Services,
  user: UserRow,
  request: { name: string; description: string; members: readonly number[] },
): number {
  const { sql } = services;
  checkMay(sql, user, 'can_create_groups');
  const group = sql.transaction(() => {
    const name = checkName(sql, request.name);
    const members = checkUsers(sql, request.members);
    const id = insertUserGroup(sql, name, request.description);
    addUserGroupMembers(sql, id, members);
    return userGroupWire({ id, name, description: request.description }, membersOf(sql, id));
  });
  tellEveryone(services, { op: 'add', group });
  return group.id;
}

/** Zulip's PATCH /user_groups/{id}: a new name, description or both. */
export function updateUserGroup(
  services: Services,
  user: UserRow,
  groupId: number,
  changes: { name?: string | undefined; description?: string | undefined },
): void {
  const { sql } = services;
  if (changes.name === undefined && changes.description === undefined) {
    throw errors.badRequest('No new data supplied');
  }
  const data = sql.transaction(() => {
    const group = editableGroup(sql, user, groupId);
    const changed: { name?: string; description?: string } = {};
    if (changes.name !== undefined && changes.name.trim() !== group.name) {
      changed.name = checkName(sql, changes.name, groupId);
    }
    if (changes.description !== undefined && changes.description !== group.description) {
      changed.description = changes.description;
    }
    updateUserGroupRow(sql, groupId, changed);
    return changed;
  });
  if (Object.keys(data).length > 0)
    tellEveryone(services, { op: 'update', group_id: groupId, data });
}

/**
 * Zulip 7.0's DELETE /user_groups/{id}: the group is gone for everyone. The
 * groups that held it lose it first, each with its own remove_subgroups
 * event, so that a client's state matches a fresh register without having
 * to know where the group was.
 */
export function deleteUserGroup(services: Services, user: UserRow, groupId: number): void {
  const { sql } = services;
  const holders = sql.transaction(() => {
    editableGroup(sql, user, groupId);
    checkNotInUse(sql, groupId);
    const supergroups = supergroupsOf(sql, groupId);
    forgetSubgroup(sql, groupId);
    deleteUserGroupRow(sql, groupId);
    return supergroups;
  });
  for (const holder of holders) tellChange(services, holder, 'subgroups', [], [groupId]);
  tellEveryone(services, { op: 'remove', group_id: groupId });
}

function checkSomethingToDo(change: { add: readonly unknown[]; remove: readonly unknown[] }) {
  if (change.add.length === 0 && change.remove.length === 0) {
    throw errors.badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  }
}

// Zulip's add_members / remove_members (user_ids) and add_subgroups /
// remove_subgroups (direct_subgroup_ids), each sent only when it lists someone.
function tellChange(
  services: Services,
  groupId: number,
  what: 'members' | 'subgroups',
  added: readonly number[],
  removed: readonly number[],
): void {
  const key = what === 'members' ? 'user_ids' : 'direct_subgroup_ids';
  for (const [op, ids] of [
    [`add_${what}`, added],
    [`remove_${what}`, removed],
  ] as const) {
    if (ids.length > 0) tellEveryone(services, { op, group_id: groupId, [key]: ids });
  }
}

/** Zulip's POST /user_groups/{id}/members: who joins and who leaves, in one change. */
export function updateUserGroupMembers(
  services: Services,
  user: UserRow,
  groupId: number,
  change: { add: readonly number[]; remove: readonly number[] },
): void {
  const { sql } = services;
  checkSomethingToDo(change);
  sql.transaction(() => {
    editableGroup(sql, user, groupId);
    const current = new Set(membersOf(sql, groupId));
    const adding = checkUsers(sql, change.add);
    const already = adding.find((id) => current.has(id));
    if (already !== undefined) {
      throw errors.badRequest(`User ${already} is already a member of this group`);
    }
    const missing = change.remove.find((id) => !current.has(id));
    if (missing !== undefined) {
      throw errors.badRequest(`There is no member '${missing}' in this user group`);
    }
    addUserGroupMembers(sql, groupId, adding);
    removeUserGroupMembers(sql, groupId, change.remove);
  });
  tellChange(services, groupId, 'members', [...new Set(change.add)], [...new Set(change.remove)]);
}

// Zulip's access_user_groups_as_potential_subgroups: any group of the
// organization, a system group included, may go inside one people made.
function checkGroups(groups: readonly UserGroup[], groupIds: readonly number[]): number[] {
  const unknown = groupIds.find((id) => !groups.some((group) => group.id === id));
  if (unknown !== undefined) throw errors.badRequest(`Invalid user group ID: ${unknown}`);
  return [...new Set(groupIds)];
}

/** Zulip's POST /user_groups/{id}/subgroups: groups put inside this one and taken out. */
export function updateUserGroupSubgroups(
  services: Services,
  user: UserRow,
  groupId: number,
  change: { add: readonly number[]; remove: readonly number[] },
): void {
  const { sql } = services;
  checkSomethingToDo(change);
  const { adding, removing } = sql.transaction(() => {
    const groups = userGroupsState(sql);
    const adding = checkGroups(groups, change.add);
    const removing = checkGroups(groups, change.remove);
    editableGroup(sql, user, groupId);
    const current = new Set(subgroupsOf(sql, groupId));
    const already = adding.find((id) => current.has(id));
    if (already !== undefined) {
      throw errors.badRequest(`User group ${already} is already a subgroup of this group.`);
    }
    // A group inside itself, however deep, would make membership endless.
    if (adding.some((id) => recursiveSubgroupIds(groups, id).has(groupId))) {
      throw errors.badRequest(
        `User group ${groupId} is already a subgroup of one of the passed subgroups.`,
      );
    }
    const missing = removing.find((id) => !current.has(id));
    if (missing !== undefined) {
      throw errors.badRequest(`User group ${missing} is not a subgroup of this group.`);
    }
    addUserGroupSubgroups(sql, groupId, adding);
    removeUserGroupSubgroups(sql, groupId, removing);
    return { adding, removing };
  });
  tellChange(services, groupId, 'subgroups', adding, removing);
}
