import { namesGroup, nobody, type GroupSettingValue } from '../../permissions/groupSettings';
import { SystemGroupId } from '../queries/systemGroups';
import type { Sql } from '../store/sql';
import {
  userGroupRows,
  userGroupSettingColumns,
  type UserGroupRow,
  type UserGroupSettingColumn,
} from '../store/userGroups';
import { noGuests, open, type SettingRules } from './groupSettingChange';

/** Zulip 12.0's permissions of a user group, and what each may be set to. */
export const userGroupSettings: Record<UserGroupSettingColumn, SettingRules> = {
  can_add_members_group: noGuests,
  can_join_group: noGuests,
  can_leave_group: open,
  can_manage_group: noGuests,
  can_mention_group: open,
  can_remove_members_group: noGuests,
};

/**
 * Zulip's defaults for a group someone makes: its maker manages it and adds
 * to it, nobody joins or removes others unasked, everyone may leave it and
 * mention it.
 */
export function newGroupSettings(
  creatorId: number,
): Record<UserGroupSettingColumn, GroupSettingValue> {
  const creator: GroupSettingValue = { direct_members: [creatorId], direct_subgroups: [] };
  return {
    can_add_members_group: creator,
    can_join_group: nobody,
    can_leave_group: SystemGroupId.everyone,
    can_manage_group: creator,
    can_mention_group: SystemGroupId.everyone,
    can_remove_members_group: nobody,
  };
}

/** One of a group's settings, from the JSON its row holds. */
export const userGroupSettingOf = (group: UserGroupRow, name: UserGroupSettingColumn) =>
  JSON.parse(group[name]) as GroupSettingValue;

/** The groups whose own settings name `groupId`, each with those settings. */
export function groupSettingsNaming(
  sql: Sql,
  groupId: number,
): { group_id: number; settings: UserGroupSettingColumn[] }[] {
  return userGroupRows(sql)
    .filter((group) => group.id !== groupId && group.deactivated === 0)
    .map((group) => ({
      group_id: group.id,
      settings: userGroupSettingColumns.filter((name) =>
        namesGroup(userGroupSettingOf(group, name), groupId),
      ),
    }))
    .filter((objection) => objection.settings.length > 0);
}
