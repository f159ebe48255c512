import type { Sql } from './sql';

export interface UserGroupRow {
  id: number;
  name: string;
  description: string;
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

/** Members of every group, by group, in order of user ID. */
export function userGroupMembers(sql: Sql): Map<number, number[]> {
  const members = new Map<number, number[]>();
  for (const { group_id, user_id } of sql.all<{ group_id: number; user_id: number }>(
    'SELECT group_id, user_id FROM user_group_members ORDER BY group_id, user_id',
  )) {
    members.set(group_id, [...(members.get(group_id) ?? []), user_id]);
  }
  return members;
}

export function membersOf(sql: Sql, groupId: number): number[] {
  return sql
    .all<{ user_id: number }>(
      'SELECT user_id FROM user_group_members WHERE group_id = ? ORDER BY user_id',
      [groupId],
    )
    .map((row) => row.user_id);
}

export function insertUserGroup(sql: Sql, name: string, description: string): number {
  return sql.run('INSERT INTO user_groups (name, description) VALUES (?, ?)', [name, description])
    .lastInsertRowid;
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

export function deleteUserGroupRow(sql: Sql, id: number): void {
  sql.run('DELETE FROM user_groups WHERE id = ?', [id]);
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

export function forgetSubgroup(sql: Sql, subgroupId: number): void {
  sql.run('DELETE FROM user_group_subgroups WHERE subgroup_id = ?', [subgroupId]);
}
