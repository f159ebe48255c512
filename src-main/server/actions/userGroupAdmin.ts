import type { UserGroup } from '../../wire';
import { errors } from '../errors';
import { sightOfEveryone, sightOfUsers } from './channelSight';
import { recursiveSubgroupIds } from '../../permissions/groupNesting';
import { activeGroupSettingForApi, userGroupsState, userGroupWire } from '../queries/systemGroups';
import type { Services } from '../services';
import {
  addUserGroupMembers,
  addUserGroupSubgroups,
  insertUserGroup,
  membersOf,
  removeUserGroupMembers,
  removeUserGroupSubgroups,
  subgroupsOf,
  updateUserGroupRow,
  setUserGroupSetting,
  userGroupById,
  userGroupByName,
  userGroupSettingColumns,
  type UserGroupSettingColumn,
} from '../store/userGroups';
import { userById, type UserRow } from '../store/users';
import type { GroupSettingValue } from '../../permissions/groupSettings';
import {
  checkGroupSettingChange,
  checkGroupSettingValue,
  storedSettings,
  type GroupSettingChange,
} from './groupSettingChange';
import { accessGroupFor, checkMayCreateGroup, groupIsDeactivated } from './userGroupAccess';
import { reactivateUserGroup, tellAboutGroup } from './userGroupDeactivation';

// A deactivated group's members and subgroups may still change.
const anyGroup = { allowDeactivated: true };
import { newGroupSettings, userGroupSettingOf, userGroupSettings } from './userGroupSettings';

// Zulip's UserGroup.MAX_NAME_LENGTH and the prefixes it keeps for system groups.
const MAX_GROUP_NAME_LENGTH = 100;
const reservedPrefixes = ['@', 'role:'];

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

export interface NewGroupRequest {
  name: string;
  description: string;
  members: readonly number[];
  /** Groups to put inside the new one (feature level 311). */
  subgroups?: readonly number[] | undefined;
  /** The group's own permissions where the request sets them; Zulip's defaults else. */
  settings: { [Setting in UserGroupSettingColumn]?: GroupSettingValue | undefined };
}

/** Zulip's POST /user_groups/create; returns the new group's ID. */
export function createUserGroup(
  services: Services,
  user: UserRow,
  request: NewGroupRequest,
): number {
  const { sql } = services;
  checkMayCreateGroup(sql, user);
  const group = sql.transaction(() => {
    const name = checkName(sql, request.name);
    const members = checkUsers(sql, request.members);
    const settings = newGroupSettings(user.id);
    for (const setting of userGroupSettingColumns) {
      const value = request.settings[setting];
      if (value === undefined) continue;
      settings[setting] = checkGroupSettingValue(sql, setting, value, userGroupSettings[setting]);
    }
    const id = insertUserGroup(sql, {
      name,
      description: request.description,
      creatorId: user.id,
      dateCreated: Math.floor(Date.now() / 1000),
      settings: storedSettings(settings),
    });
    addUserGroupMembers(sql, id, members);
    const row = userGroupById(sql, id);
    if (!row) throw new Error(`user group ${name} vanished inside its own transaction`);
    const made = userGroupWire(sql, row, membersOf(sql, id));
    const subgroups = checkPotentialSubgroups(userGroupsState(sql), request.subgroups ?? []);
    addUserGroupSubgroups(sql, id, subgroups);
    return { made, subgroups };
  });
  // Zulip makes the group, then puts its subgroups in: two events.
  tellAboutGroup(services, group.made.id, { op: 'add', group: group.made });
  tellChange(services, group.made.id, 'subgroups', group.subgroups, []);
  return group.made.id;
}

export type GroupChanges = {
  name?: string | undefined;
  description?: string | undefined;
  /** False reactivates a deactivated group (feature level 386). */
  deactivated?: boolean | undefined;
} & { [Setting in UserGroupSettingColumn]?: GroupSettingChange | undefined };

/**
 * Zulip's PATCH /user_groups/{id}: a new name, description, any of the
 * group's own permissions, or reactivation. A deactivated group's may change.
 */
export function updateUserGroup(
  services: Services,
  user: UserRow,
  groupId: number,
  changes: GroupChanges,
): void {
  const { sql } = services;
  if (Object.values(changes).every((change) => change === undefined)) {
    throw errors.badRequest('No new data supplied');
  }
  const { data, reactivated } = sql.transaction(() => {
    const group = accessGroupFor(sql, user, groupId, [], { allowDeactivated: true });
    const reactivated =
      changes.deactivated === false && group.deactivated === 1
        ? reactivateUserGroup(services, groupId)
        : undefined;
    const renamed: { name?: string; description?: string } = {};
    if (changes.name !== undefined && changes.name.trim() !== group.name) {
      renamed.name = checkName(sql, changes.name, groupId);
    }
    if (changes.description !== undefined && changes.description !== group.description) {
      renamed.description = changes.description;
    }
    updateUserGroupRow(sql, groupId, renamed);
    const changed: Record<string, unknown> = { ...renamed };
    for (const setting of userGroupSettingColumns) {
      const change = changes[setting];
      if (change === undefined) continue;
      const current = userGroupSettingOf(group, setting);
      const rules = userGroupSettings[setting];
      const value = checkGroupSettingChange(sql, setting, change, current, rules);
      if (value === null) continue;
      setUserGroupSetting(sql, groupId, setting, JSON.stringify(value));
      changed[setting] = activeGroupSettingForApi(sql, value);
    }
    return { data: changed, reactivated };
  });
  reactivated?.();
  if (Object.keys(data).length > 0) {
    tellAboutGroup(services, groupId, { op: 'update', group_id: groupId, data });
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
    if (ids.length > 0) tellAboutGroup(services, groupId, { op, group_id: groupId, [key]: ids });
  }
}

/** Ids to add to a group and ids to take out of it. */
interface Change {
  add: readonly number[];
  remove: readonly number[];
}

const nothingIn = (change: Change) => change.add.length === 0 && change.remove.length === 0;

/** Checks who joins and who leaves, and writes it; returns who did. */
function writeMembers(sql: Services['sql'], user: UserRow, groupId: number, change: Change) {
  // Joining and leaving are adding and removing oneself, each with a setting of its own.
  const oneself = (ids: readonly number[]) => ids.length > 0 && ids.every((id) => id === user.id);
  if (change.add.length > 0) {
    const join = oneself(change.add) ? (['can_join_group'] as const) : [];
    accessGroupFor(sql, user, groupId, ['can_add_members_group', ...join], anyGroup);
  }
  if (change.remove.length > 0) {
    const leave = oneself(change.remove) ? (['can_leave_group'] as const) : [];
    accessGroupFor(sql, user, groupId, ['can_remove_members_group', ...leave], anyGroup);
  }
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
  return { added: adding, removed: [...new Set(change.remove)] };
}

// Zulip's access_user_groups_as_potential_subgroups: any active group of the
// organization, a system group included, may go inside one people made.
function checkPotentialSubgroups(groups: readonly UserGroup[], groupIds: readonly number[]) {
  const adding = checkGroups(groups, groupIds);
  if (adding.some((id) => groups.find((group) => group.id === id)?.deactivated === true)) {
    throw groupIsDeactivated();
  }
  return adding;
}

function checkGroups(groups: readonly UserGroup[], groupIds: readonly number[]): number[] {
  const unknown = groupIds.find((id) => !groups.some((group) => group.id === id));
  if (unknown !== undefined) throw errors.badRequest(`Invalid user group ID: ${unknown}`);
  return [...new Set(groupIds)];
}

/** Checks which groups go in and which come out, and writes it; returns which did. */
function writeSubgroups(sql: Services['sql'], user: UserRow, groupId: number, change: Change) {
  const groups = userGroupsState(sql);
  const adding = checkGroups(groups, change.add);
  const removing = checkGroups(groups, change.remove);
  if (adding.length > 0) {
    accessGroupFor(sql, user, groupId, ['can_add_members_group'], anyGroup);
  }
  if (removing.length > 0) {
    accessGroupFor(sql, user, groupId, ['can_remove_members_group'], anyGroup);
  }
  checkPotentialSubgroups(groups, adding);
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
  return { added: adding, removed: removing };
}

/**
 * Zulip's POST /user_groups/{id}/members: who joins and who leaves, and
 * since Zulip 10 (feature level 311) which groups go in and come out, all
 * in one change, announced in Zulip's order: members, then subgroups.
 */
export function updateUserGroupMembers(
  services: Services,
  user: UserRow,
  groupId: number,
  change: { members: Change; subgroups: Change },
): void {
  const { sql } = services;
  if (nothingIn(change.members) && nothingIn(change.subgroups)) {
    throw errors.badRequest(
      'Nothing to do. Specify at least one of "add", "delete", "add_subgroups" or "delete_subgroups".',
    );
  }
  // A subgroup moved changes what anyone may see; members, only what they may.
  const sight = nothingIn(change.subgroups)
    ? sightOfUsers(sql, [...change.members.add, ...change.members.remove])
    : sightOfEveryone(sql);
  const written = sql.transaction(() => ({
    members: writeMembers(sql, user, groupId, change.members),
    subgroups: writeSubgroups(sql, user, groupId, change.subgroups),
  }));
  tellChange(services, groupId, 'members', written.members.added, written.members.removed);
  tellChange(services, groupId, 'subgroups', written.subgroups.added, written.subgroups.removed);
  sight.announce(services);
}

/** Zulip's POST /user_groups/{id}/subgroups: groups put inside this one and taken out. */
export function updateUserGroupSubgroups(
  services: Services,
  user: UserRow,
  groupId: number,
  change: Change,
): void {
  const { sql } = services;
  if (nothingIn(change)) {
    throw errors.badRequest('Nothing to do. Specify at least one of "add" or "delete".');
  }
  const sight = sightOfEveryone(sql);
  const written = sql.transaction(() => writeSubgroups(sql, user, groupId, change));
  tellChange(services, groupId, 'subgroups', written.added, written.removed);
  sight.announce(services);
}
