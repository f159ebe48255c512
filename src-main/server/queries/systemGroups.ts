import { nobody } from '../../permissions/groupSettings';
import type { UserGroup } from '../../wire';
import type { Sql } from '../store/sql';
import { allUsers, Role, type UserRow } from '../store/users';
import {
  userGroupMembers,
  userGroupRows,
  userGroupSettingColumns,
  userGroupSubgroups,
  type UserGroupRow,
  type UserGroupSettingColumn,
} from '../store/userGroups';

/** The system groups' IDs, the same in every Hearth organization. */
export const SystemGroupId = {
  owners: 1,
  administrators: 2,
  moderators: 3,
  fullMembers: 4,
  members: 5,
  everyone: 6,
  internet: 7,
} as const;

/** An element of `realm_user_groups`, Zulip 7.0's shape. */
interface SystemGroup {
  id: number;
  name: string;
  description: string;
  /** Users of these roles are direct members. */
  roles: readonly number[];
  subgroupIds: readonly number[];
}

// Zulip 7.0's role-based system groups, created with every organization in
// this order, each containing the one before it. Hearth has no waiting period
// for full membership, so every member is a full member from the start.
const systemGroups: readonly SystemGroup[] = [
  {
    id: 1,
    name: '@role:owners',
    description: 'Owners of this organization',
    roles: [Role.owner],
    subgroupIds: [],
  },
  {
    id: 2,
    name: '@role:administrators',
    description: 'Administrators of this organization, including owners',
    roles: [Role.admin],
    subgroupIds: [1],
  },
  {
    id: 3,
    name: '@role:moderators',
    description: 'Moderators of this organization, including administrators',
    roles: [Role.moderator],
    subgroupIds: [2],
  },
  {
    id: 4,
    name: '@role:fullmembers',
    description: 'Members of this organization, not including new accounts and guests',
    roles: [Role.member],
    subgroupIds: [3],
  },
  {
    id: 5,
    name: '@role:members',
    description: 'Members of this organization, not including guests',
    roles: [Role.member],
    subgroupIds: [4],
  },
  {
    id: 6,
    name: '@role:everyone',
    description: 'Everyone in this organization, including guests',
    roles: [Role.guest],
    subgroupIds: [5],
  },
  {
    id: 7,
    name: '@role:internet',
    description: 'Everyone on the Internet',
    roles: [],
    subgroupIds: [6],
  },
];

/**
 * Zulip's user_groups_in_realm_serialized: every group with its direct
 * members (deactivated users keep theirs) and direct subgroups, by ID: the
 * system groups first, then those people made; the deactivated ones only
 * when asked for (the include_deactivated_groups capability and parameter).
 */
export function userGroupsState(sql: Sql, includeDeactivated = true): UserGroup[] {
  const members = userGroupMembers(sql);
  const subgroups = userGroupSubgroups(sql);
  return [
    ...systemUserGroups(allUsers(sql)),
    ...userGroupRows(sql)
      .filter((group) => includeDeactivated || group.deactivated === 0)
      .map((group) =>
        userGroupWire(group, members.get(group.id) ?? [], subgroups.get(group.id) ?? []),
      ),
  ];
}

/** The system groups, each with the users its roles hold (deactivated ones too). */
export function systemUserGroups(users: readonly Pick<UserRow, 'id' | 'role'>[]): UserGroup[] {
  return systemGroups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    members: users.filter((user) => group.roles.includes(user.role)).map((user) => user.id),
    direct_subgroup_ids: [...group.subgroupIds],
    is_system_group: true,
    creator_id: null,
    date_created: null,
    ...ownSettings(null),
    deactivated: false,
  }));
}

// A group's own permissions as its row keeps them; a system group's, which
// follow roles, name nobody.
const ownSettings = (group: UserGroupRow | null) =>
  Object.fromEntries(
    userGroupSettingColumns.map((name) => [name, group ? JSON.parse(group[name]) : nobody]),
  ) as Pick<UserGroup, UserGroupSettingColumn>;

/** A group people made, as register and the user_group `add` event give it. */
export function userGroupWire(
  group: UserGroupRow,
  members: readonly number[],
  subgroups: readonly number[] = [],
): UserGroup {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members: [...members],
    direct_subgroup_ids: [...subgroups],
    is_system_group: false,
    creator_id: group.creator_id,
    date_created: group.date_created,
    ...ownSettings(group),
    deactivated: group.deactivated === 1,
  };
}

/** Whether `groupId` is one of the system groups, which follow roles. */
export const isSystemGroupId = (groupId: number): boolean =>
  systemGroups.some((group) => group.id === groupId);

/** A system group's name, as a refusal quotes it. */
export const systemGroupName = (groupId: number): string | undefined =>
  systemGroups.find((group) => group.id === groupId)?.name;

/** A system group's name as Zulip 12 writes it, without 7.0's `@` ("role:members"). */
export const roleGroupName = (groupId: number): string =>
  (systemGroupName(groupId) ?? '').replace(/^@/, '');

/** The system groups a user of the role is in, directly or through the groups inside them. */
export function heldSystemGroupIds(role: number): number[] {
  const held = new Set(systemGroupIdsForRole(role));
  for (const group of systemGroups) {
    if (group.subgroupIds.some((id) => held.has(id))) held.add(group.id);
  }
  return [...held];
}

/** The system groups a user of the role joins directly (Zulip's do_create_user). */
export function systemGroupIdsForRole(role: number): number[] {
  return systemGroups.filter((group) => group.roles.includes(role)).map((group) => group.id);
}
