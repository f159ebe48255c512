import { isInGroupSetting, type GroupSettingValue } from '../../permissions/groupSettings';
import { errors } from '../errors';
import { heldSystemGroupIds, isSystemGroupId } from '../queries/systemGroups';
import type { Sql } from '../store/sql';
import { Role, type UserRow } from '../store/users';
import type { SettingRules } from './groupSettingChange';
import { realmGroupSetting, realmGroupSettings } from './realmGroupSettings';
import type { RealmGroupSettingColumn } from '../store/realm';

const groupTables = ['user_group_members', 'user_group_subgroups'];

/**
 * Every group `user` is in: the system groups of their role, the groups
 * that name them, and every group holding one of those, however deep (a
 * loop of subgroups is walked once). Kept until a group's members or
 * subgroups change: every send to a channel that names a group asks, and
 * walking the groups again after each message written made those sends 7%
 * slower than an administrator's.
 */
export function heldGroupIds(sql: Sql, user: UserRow): ReadonlySet<number> {
  return sql.rememberFrom(groupTables, `held groups ${user.id} ${user.role}`, () => {
    const rows = sql.all<{ id: number }>(
      `WITH RECURSIVE held(id) AS (
         SELECT group_id FROM user_group_members WHERE user_id = :user
         UNION SELECT value FROM json_each(:system)
         UNION SELECT s.group_id FROM user_group_subgroups s JOIN held ON s.subgroup_id = held.id
       )
       SELECT id FROM held`,
      { user: user.id, system: JSON.stringify(heldSystemGroupIds(user.role)) },
    );
    return new Set(rows.map((row) => row.id));
  });
}

/**
 * Zulip's user_has_permission_for_group_setting, the one place the host
 * decides who may do what: a guest never holds a setting that may not be
 * given to everyone, whatever group names them.
 */
export function holdsGroupSetting(
  sql: Sql,
  user: UserRow,
  value: GroupSettingValue,
  rules: Pick<SettingRules, 'allowEveryone'>,
): boolean {
  if (!rules.allowEveryone && user.role === Role.guest) return false;
  // A system group follows roles alone (Zulip's check_user_has_permission_by_role):
  // most settings name one, and need no walk through the groups then.
  if (typeof value === 'number' && isSystemGroupId(value)) {
    return heldSystemGroupIds(user.role).includes(value);
  }
  return isInGroupSetting(heldGroupIds(sql, user), value, user.id);
}

/** Whether the organization's setting `name` lets `user` do what it governs. */
export function mayInRealm(sql: Sql, user: UserRow, name: RealmGroupSettingColumn): boolean {
  return holdsGroupSetting(sql, user, realmGroupSetting(sql, name), realmGroupSettings[name]);
}

/** Zulip's require_realm_admin: organization administrators and owners alone. */
export function requireAdministrator(user: UserRow): void {
  if (user.role > Role.admin) {
    throw errors.unauthorizedPrincipal('Must be an organization administrator');
  }
}
