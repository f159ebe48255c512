import type { Sql } from './sql';

/** A user group's own permissions (Zulip 10), each a column of Zulip's JSON group-setting value. */
export const userGroupSettingColumns = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;

export type UserGroupSettingColumn = (typeof userGroupSettingColumns)[number];

export interface UserGroupRow extends Record<UserGroupSettingColumn, string> {
  id: number;
  name: string;
  description: string;
  /** Null for a group made before Hearth kept who made it. */
  creator_id: number | null;
  date_created: number | null;
  /** 1 once deactivated: kept, with its members and settings, but usable nowhere. */
  deactivated: number;
}

export interface NewUserGroup {
  name: string;
  description: string;
  creatorId: number;
  dateCreated: number;
  /** Each setting's JSON value. */
  settings: Record<UserGroupSettingColumn, string>;
}

export function userGroupRows(sql: Sql): UserGroupRow[] {
  return sql.all<UserGroupRow>('SELECT * FROM user_groups ORDER BY id');
}

export function userGroupById(sql: Sql, id: number): UserGroupRow | undefined {
  return sql.get<UserGroupRow>('SELECT * FROM user_groups WHERE id = ?', [id]);
}

export function userGroupByName(sql: Sql, name: string): UserGroupRow | undefined {
  return sql.get<UserGroupRow>('SELECT * FROM user_groups WHERE name = ?', [name]);
}

/**
 * Active members of every group, by group, in order of user ID. A
 * deactivated user keeps their rows but is no member while deactivated
 * (Zulip 10, feature level 303), and is one again when reactivated.
 */
export function userGroupMembers(sql: Sql): Map<number, number[]> {
  const members = new Map<number, number[]>();
  for (const { group_id, user_id } of sql.all<{ group_id: number; user_id: number }>(
    `SELECT m.group_id, m.user_id FROM user_group_members m
     JOIN users u ON u.id = m.user_id AND u.is_active = 1
     ORDER BY m.group_id, m.user_id`,
  )) {
    members.set(group_id, [...(members.get(group_id) ?? []), user_id]);
  }
  return members;
}

/** A group's active members, as userGroupMembers counts them. */
export function membersOf(sql: Sql, groupId: number): number[] {
  return sql
    .all<{ user_id: number }>(
      `SELECT m.user_id FROM user_group_members m
       JOIN users u ON u.id = m.user_id AND u.is_active = 1
       WHERE m.group_id = ? ORDER BY m.user_id`,
      [groupId],
    )
    .map((row) => row.user_id);
}

export function insertUserGroup(sql: Sql, group: NewUserGroup): number {
  return sql.run(
    `INSERT INTO user_groups (name, description, creator_id, date_created, ${userGroupSettingColumns.join(', ')})
     VALUES (:name, :description, :creatorId, :dateCreated, ${userGroupSettingColumns.map((name) => `:${name}`).join(', ')})`,
    {
      name: group.name,
      description: group.description,
      creatorId: group.creatorId,
      dateCreated: group.dateCreated,
      ...group.settings,
    },
  ).lastInsertRowid;
}

/** Sets one of a group's own permissions to a JSON value. */
export function setUserGroupSetting(
  sql: Sql,
  id: number,
  name: UserGroupSettingColumn,
  value: string,
): void {
  // The column name is one of userGroupSettingColumns, never the request's.
  sql.run(`UPDATE user_groups SET ${name} = ? WHERE id = ?`, [value, id]);
}

export function updateUserGroupRow(
  sql: Sql,
  id: number,
  changes: { name?: string; description?: string },
): void {
  if (changes.name !== undefined)
    sql.run('UPDATE user_groups SET name = ? WHERE id = ?', [changes.name, id]);
  if (changes.description !== undefined) {
    sql.run('UPDATE user_groups SET description = ? WHERE id = ?', [changes.description, id]);
  }
}

export function setUserGroupDeactivated(sql: Sql, id: number, deactivated: boolean): void {
  sql.run('UPDATE user_groups SET deactivated = ? WHERE id = ?', [deactivated ? 1 : 0, id]);
}

export function addUserGroupMembers(sql: Sql, groupId: number, userIds: readonly number[]): void {
  for (const userId of userIds) {
    sql.run('INSERT OR IGNORE INTO user_group_members (group_id, user_id) VALUES (?, ?)', [
      groupId,
      userId,
    ]);
  }
}

export function removeUserGroupMembers(
  sql: Sql,
  groupId: number,
  userIds: readonly number[],
): void {
  for (const userId of userIds) {
    sql.run('DELETE FROM user_group_members WHERE group_id = ? AND user_id = ?', [groupId, userId]);
  }
}

/** Direct subgroups of every group people made, by group, in order of ID. */
export function userGroupSubgroups(sql: Sql): Map<number, number[]> {
  const subgroups = new Map<number, number[]>();
  for (const { group_id, subgroup_id } of sql.all<{ group_id: number; subgroup_id: number }>(
    'SELECT group_id, subgroup_id FROM user_group_subgroups ORDER BY group_id, subgroup_id',
  )) {
    subgroups.set(group_id, [...(subgroups.get(group_id) ?? []), subgroup_id]);
  }
  return subgroups;
}

export function subgroupsOf(sql: Sql, groupId: number): number[] {
  return sql
    .all<{ subgroup_id: number }>(
      'SELECT subgroup_id FROM user_group_subgroups WHERE group_id = ? ORDER BY subgroup_id',
      [groupId],
    )
    .map((row) => row.subgroup_id);
}

/** The groups that hold this one directly. */
export function supergroupsOf(sql: Sql, subgroupId: number): number[] {
  return sql
    .all<{ group_id: number }>(
      'SELECT group_id FROM user_group_subgroups WHERE subgroup_id = ? ORDER BY group_id',
      [subgroupId],
    )
    .map((row) => row.group_id);
}

export function addUserGroupSubgroups(
  sql: Sql,
  groupId: number,
  subgroupIds: readonly number[],
): void {
  for (const subgroupId of subgroupIds) {
    sql.run('INSERT OR IGNORE INTO user_group_subgroups (group_id, subgroup_id) VALUES (?, ?)', [
      groupId,
      subgroupId,
    ]);
  }
}

export function removeUserGroupSubgroups(
  sql: Sql,
  groupId: number,
  subgroupIds: readonly number[],
): void {
  for (const subgroupId of subgroupIds) {
    sql.run('DELETE FROM user_group_subgroups WHERE group_id = ? AND subgroup_id = ?', [
      groupId,
      subgroupId,
    ]);
  }
}

/** The groups people made that hold `userId` directly, deactivated or not, by ID. */
export function groupIdsNaming(sql: Sql, userId: number): number[] {
  return sql
    .all<{ group_id: number }>(
      'SELECT group_id FROM user_group_members WHERE user_id = ? ORDER BY group_id',
      [userId],
    )
    .map((row) => row.group_id);
}
