import { recursiveSubgroupIds } from '../../permissions/groupNesting';
import type { Sql } from '../store/sql';
import { userGroupsState } from './systemGroups';

/**
 * Who belongs to a group: its direct members, or with `recursive` also the
 * members of its subgroups (Zulip's get_user_group_member_ids); undefined
 * for a group that is not there.
 */
export function groupMemberIds(
  sql: Sql,
  groupId: number,
  recursive: boolean,
): number[] | undefined {
  const groups = userGroupsState(sql);
  const group = groups.find((found) => found.id === groupId);
  if (!group) return undefined;
  if (!recursive) return group.members;
  const inside = recursiveSubgroupIds(groups, groupId);
  const members = new Set(
    groups.filter((found) => inside.has(found.id)).flatMap((found) => found.members),
  );
  return [...members].sort((a, b) => a - b);
}
