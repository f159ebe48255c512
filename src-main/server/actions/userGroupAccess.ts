import { ApiError, errors } from '../errors';
import { isSystemGroupId } from '../queries/systemGroups';
import { getRealm } from '../store/realm';
import type { Sql } from '../store/sql';
import { userGroupById, type UserGroupRow, type UserGroupSettingColumn } from '../store/userGroups';
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

/**
 * Zulip's access_user_group_for_update: a group people made (the system
 * groups follow roles), which `user` may change as one of the group's
 * `settings` allows; the organization's can_manage_all_groups and the
 * group's own can_manage_group allow every change. Guests change no group.
 */
export function accessGroupFor(
  sql: Sql,
  user: UserRow,
  groupId: number,
  settings: readonly UserGroupSettingColumn[] = [],
): UserGroupRow {
  if (user.role === Role.guest) throw refused();
  const group = userGroupById(sql, groupId);
  if (!group) throw isSystemGroupId(groupId) ? refused() : errors.badRequest('Invalid user group');
  if (mayInRealm(sql, user, 'can_manage_all_groups')) return group;
  const allowed = (['can_manage_group', ...settings] as const).some((name) =>
    holdsGroupSetting(sql, user, userGroupSettingOf(group, name), userGroupSettings[name]),
  );
  if (!allowed) throw refused();
  return group;
}

/**
 * As Zulip refuses to deactivate a group a permission names (Zulip 10 put
 * deactivation in deletion's place): the permission would lose its holders.
 * The objections say which settings name it: the organization's, active
 * channels' (an archived channel's permissions no longer matter) and groups'.
 */
export function checkGroupNotInUse(sql: Sql, groupId: number): void {
  const realm = getRealm(sql);
  const realmSettings = realm ? realmSettingsNaming(realm, groupId) : [];
  const objections = [
    ...(realmSettings.length > 0 ? [{ type: 'realm', settings: realmSettings }] : []),
    ...channelSettingsNaming(sql, groupId).map((named) => ({ type: 'channel', ...named })),
    ...groupSettingsNaming(sql, groupId).map((named) => ({ type: 'user_group', ...named })),
  ];
  if (objections.length === 0) return;
  throw new ApiError(
    'Cannot deactivate user group in use.',
    'CANNOT_DEACTIVATE_GROUP_IN_USE',
    400,
    { objections },
  );
}
