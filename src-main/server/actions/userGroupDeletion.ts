import type { Services } from '../services';
import { deleteUserGroupRow, forgetSubgroup, supergroupsOf } from '../store/userGroups';
import type { UserRow } from '../store/users';
import { accessGroupFor, checkGroupNotInUse } from './userGroupAccess';
import { tellAboutGroup } from './userGroupDeactivation';

/**
 * Zulip 7.0's DELETE /user_groups/{id}: the group is gone for everyone. The
 * groups that held it lose it first, each with its own remove_subgroups
 * event, so that a client's state matches a fresh register without having
 * to know where the group was. Zulip 12 removed it (feature level 294) for
 * deactivation (userGroupDeactivation.ts); it goes when the host declares 12.
 */
export function deleteUserGroup(services: Services, user: UserRow, groupId: number): void {
  const { sql } = services;
  const holders = sql.transaction(() => {
    accessGroupFor(sql, user, groupId);
    checkGroupNotInUse(sql, groupId, { deleting: true });
    const supergroups = supergroupsOf(sql, groupId);
    forgetSubgroup(sql, groupId);
    deleteUserGroupRow(sql, groupId);
    return supergroups;
  });
  for (const holder of holders) {
    tellAboutGroup(services, holder, {
      op: 'remove_subgroups',
      group_id: holder,
      direct_subgroup_ids: [groupId],
    });
  }
  tellAboutGroup(services, groupId, { op: 'remove', group_id: groupId });
}
