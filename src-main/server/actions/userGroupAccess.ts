import { ApiError, errors } from '../errors';
import { isSystemGroupId, nobodyGroupId } from '../queries/systemGroups';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';
import {
  supergroupsOf,
  userGroupById,
  type UserGroupRow,
  type UserGroupSettingColumn,
} from '../store/userGroups';
import { Role, type UserRow } from '../store/users';
import { holdsGroupSetting, mayInRealm } from './groupPermission';
import { channelSettingsNaming } from './channelGroupSettings';
import { realmSettingsNaming } from './realmGroupSettings';
import { groupSettingsNaming, userGroupSettingOf, userGroupSettings } from './userGroupSettings';

const refused = () => errors.badRequest('Insufficient permission');

/** Zulip's check for making a group: the organization's can_create_groups. */
export function checkMayCreateGroup(sql: Sql, user: UserRow): void {
  if (!mayInRealm(sql, user, 'can_create_groups')) throw refused();
}

export const groupIsDeactivated = () => errors.badRequest('User group is deactivated.');

/**
 * Zulip's access_user_group_for_update: a group people made (the system
 * groups follow roles), which `user` may change as one of the group's
 * `settings` allows; the organization's can_manage_all_groups and the
 * group's own can_manage_group allow every change. Guests change no group.
 * A deactivated group keeps its settings and members, which may change;
 * anything else refuses it.
 */
export function accessGroupFor(
  sql: Sql,
  user: UserRow,
  groupId: number,
  settings: readonly UserGroupSettingColumn[] = [],
  { allowDeactivated = false } = {},
): UserGroupRow {
  if (user.role === Role.guest) throw refused();
  const group = userGroupById(sql, groupId);
  if (!group) {
    const system = isSystemGroupId(groupId) || groupId === nobodyGroupId(sql);
    throw system ? refused() : errors.badRequest('Invalid user group');
  }
  if (group.deactivated === 1 && !allowDeactivated) throw groupIsDeactivated();
  if (mayInRealm(sql, user, 'can_manage_all_groups')) return group;
  const allowed = (['can_manage_group', ...settings] as const).some((name) =>
    holdsGroupSetting(sql, user, userGroupSettingOf(group, name), userGroupSettings[name]),
  );
  if (!allowed) throw refused();
  return group;
}

/**
 * As Zulip refuses to deactivate a group in use: the permissions naming it
 * would lose their holders, and the groups holding it their members. The
 * objections say where, in Zulip's order: active groups holding it, active
 * channels' settings (an archived channel's permissions no longer matter),
 * active groups' settings, then the organization's.
 */
export function checkGroupNotInUse(sql: Sql, groupId: number): void {
  const realm = getRealm(sql);
  const realmSettings = realm ? realmSettingsNaming(realm, groupId) : [];
  const supergroupIds = activeSupergroupsOf(sql, groupId);
  const objections = [
    ...(supergroupIds.length > 0 ? [{ type: 'subgroup', supergroup_ids: supergroupIds }] : []),
    ...channelSettingsNaming(sql, groupId).map((named) => ({ type: 'channel', ...named })),
    ...groupSettingsNaming(sql, groupId).map((named) => ({ type: 'user_group', ...named })),
    ...(realmSettings.length > 0 ? [{ type: 'realm', settings: realmSettings }] : []),
  ];
  if (objections.length === 0) return;
  throw new ApiError(
    'Cannot deactivate user group in use.',
    'CANNOT_DEACTIVATE_GROUP_IN_USE',
    400,
    { objections },
  );
}

const activeSupergroupsOf = (sql: Sql, groupId: number): number[] =>
  supergroupsOf(sql, groupId).filter((id) => userGroupById(sql, id)?.deactivated === 0);
