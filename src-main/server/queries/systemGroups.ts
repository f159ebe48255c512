import { isNobody, nobody, type GroupSettingValue } from '../../permissions/groupSettings';
import type { UserGroup } from '../../wire';
import { cached } from '../cached';
import type { Sql } from '../store/sql';
import { allUsers, deactivatedUserIds, Role, type UserRow } from '../store/users';
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

// Zulip's role-based system groups, named as Zulip 12 names them (no `@`
// since Zulip 8.0), created with every organization in
// this order, each containing the one before it. Hearth has no waiting period
// for full membership, so every member is a full member from the start.
const systemGroups: readonly SystemGroup[] = [
  {
    id: 1,
    name: 'role:owners',
    description: 'Owners of this organization',
    roles: [Role.owner],
    subgroupIds: [],
  },
  {
    id: 2,
    name: 'role:administrators',
    description: 'Administrators of this organization, including owners',
    roles: [Role.admin],
    subgroupIds: [1],
  },
  {
    id: 3,
    name: 'role:moderators',
    description: 'Moderators of this organization, including administrators',
    roles: [Role.moderator],
    subgroupIds: [2],
  },
  {
    id: 4,
    name: 'role:fullmembers',
    description: 'Members of this organization, not including new accounts and guests',
    roles: [Role.member],
    subgroupIds: [3],
  },
  {
    id: 5,
    name: 'role:members',
    description: 'Members of this organization, not including guests',
    roles: [Role.member],
    subgroupIds: [4],
  },
  {
    id: 6,
    name: 'role:everyone',
    description: 'Everyone in this organization, including guests',
    roles: [Role.guest],
    subgroupIds: [5],
  },
  {
    id: 7,
    name: 'role:internet',
    description: 'Everyone on the Internet',
    roles: [],
    subgroupIds: [6],
  },
];

const nobodyIds = new WeakMap<Sql, number>();

/**
 * The ID of Zulip's role:nobody, the system group that holds no one. The
 * database chose it (migration 041), after the groups people had made.
 */
export const nobodyGroupId = (sql: Sql): number =>
  cached(nobodyIds, sql, () => {
    const id = sql.get<{ id: number }>('SELECT id FROM nobody_group')?.id;
    if (id === undefined) throw new Error('the database has no role:nobody group');
    return id;
  });

/**
 * A group-setting value as Zulip 10 and later give it: one naming no one is
 * role:nobody (Zulip's parse_group_setting_value). The host keeps it as the
 * anonymous group of no one, which every check reads alike.
 */
export const groupSettingForApi = (sql: Sql, value: GroupSettingValue): GroupSettingValue =>
  isNobody(value) ? nobodyGroupId(sql) : value;

/**
 * An organization's or a user group's setting as register and events give
 * it from Zulip 10 (feature level 303): a deactivated user is no direct
 * member of an anonymous group, until reactivated.
 */
export function activeGroupSettingForApi(sql: Sql, value: GroupSettingValue): GroupSettingValue {
  const told = groupSettingForApi(sql, value);
  if (typeof told === 'number' || told.direct_members.length === 0) return told;
  const deactivated = deactivatedUserIds(sql);
  if (!told.direct_members.some((id) => deactivated.has(id))) return told;
  return { ...told, direct_members: told.direct_members.filter((id) => !deactivated.has(id)) };
}

/** A group-setting value as a request gives it, with role:nobody kept as the host keeps it. */
export function groupSettingFromApi(sql: Sql, value: GroupSettingValue): GroupSettingValue {
  const nobodyId = nobodyGroupId(sql);
  if (value === nobodyId) return nobody;
  if (typeof value === 'number') return value;
  // Nobody inside an anonymous group adds no one to it.
  return { ...value, direct_subgroups: value.direct_subgroups.filter((id) => id !== nobodyId) };
}

/**
 * Zulip's user_groups_in_realm_serialized: every group with its active
 * direct members (feature level 303) and direct subgroups, by ID: the
 * system groups first, then those people made; the deactivated ones only
 * when asked for (the include_deactivated_groups capability and parameter).
 */
export function userGroupsState(sql: Sql, includeDeactivated = true): UserGroup[] {
  const members = userGroupMembers(sql);
  const subgroups = userGroupSubgroups(sql);
  return [
    ...systemUserGroups(
      allUsers(sql).filter((user) => user.is_active === 1),
      nobodyGroupId(sql),
    ),
    ...userGroupRows(sql)
      .filter((group) => includeDeactivated || group.deactivated === 0)
      .map((group) =>
        userGroupWire(sql, group, members.get(group.id) ?? [], subgroups.get(group.id) ?? []),
      ),
  ];
}

/**
 * The system groups, each with those of `users` its roles hold, and
 * role:nobody, which holds no one. None has settings of its own: each
 * names role:nobody.
 */
export function systemUserGroups(
  users: readonly Pick<UserRow, 'id' | 'role'>[],
  nobodyId: number,
): UserGroup[] {
  const settings = Object.fromEntries(
    userGroupSettingColumns.map((name) => [name, nobodyId]),
  ) as Pick<UserGroup, UserGroupSettingColumn>;
  const fixed = { is_system_group: true, creator_id: null, date_created: null, deactivated: false };
  return [
    ...systemGroups.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      members: users.filter((user) => group.roles.includes(user.role)).map((user) => user.id),
      direct_subgroup_ids: [...group.subgroupIds],
      ...fixed,
      ...settings,
    })),
    {
      id: nobodyId,
      name: 'role:nobody',
      description: 'Nobody',
      members: [],
      direct_subgroup_ids: [],
      ...fixed,
      ...settings,
    },
  ];
}

// A group's own permissions as its row keeps them.
const ownSettings = (sql: Sql, group: UserGroupRow) =>
  Object.fromEntries(
    userGroupSettingColumns.map((name) => [
      name,
      activeGroupSettingForApi(sql, JSON.parse(group[name]) as GroupSettingValue),
    ]),
  ) as Pick<UserGroup, UserGroupSettingColumn>;

/** A group people made, as register and the user_group `add` event give it. */
export function userGroupWire(
  sql: Sql,
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
    ...ownSettings(sql, group),
    deactivated: group.deactivated === 1,
  };
}

/** Whether `groupId` is one of the role groups, which follow roles (role:nobody is not one). */
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
