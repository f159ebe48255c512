import { plainNotice, type NoticeCapabilities } from '../events/notice';
import { userGroupWire } from '../queries/systemGroups';
import type { Services } from '../services';
import {
  membersOf,
  setUserGroupDeactivated,
  subgroupsOf,
  userGroupById,
} from '../store/userGroups';
import { activeUserIds, type UserRow } from '../store/users';
import { accessGroupFor, checkGroupNotInUse } from './userGroupAccess';

const takesDeactivated = (queue: NoticeCapabilities) => queue.includeDeactivatedGroups === true;
const leavesDeactivated = (queue: NoticeCapabilities) => !takesDeactivated(queue);

/**
 * Tells everyone of a change to a group. A client without the
 * include_deactivated_groups capability no longer holds a deactivated
 * group, so it hears nothing of one (Zulip 10, feature level 294).
 */
export function tellAboutGroup(
  services: Services,
  groupId: number,
  payload: Record<string, unknown>,
): void {
  const deactivated = userGroupById(services.sql, groupId)?.deactivated === 1;
  services.queues.notify(
    plainNotice('user_group', payload, deactivated ? takesDeactivated : undefined),
    activeUserIds(services.sql),
  );
}

/**
 * Zulip's POST /user_groups/{id}/deactivate (feature level 290), for whoever
 * manages the group, unless it is in use. A client that takes deactivated
 * groups learns `deactivated: true`; any other has the group removed.
 */
export function deactivateUserGroup(services: Services, user: UserRow, groupId: number): void {
  const { sql } = services;
  sql.transaction(() => {
    accessGroupFor(sql, user, groupId);
    checkGroupNotInUse(sql, groupId);
    setUserGroupDeactivated(sql, groupId, true);
  });
  tellDeactivation(services, groupId, true, { op: 'remove', group_id: groupId });
}

/**
 * Reactivation, a change PATCH /user_groups/{id} makes (feature level 386),
 * inside the caller's transaction. Returns how to tell it once committed: a
 * client that takes deactivated groups learns `deactivated: false`; any other
 * receives the group anew, as when it was made.
 */
export function reactivateUserGroup(services: Services, groupId: number): () => void {
  const { sql } = services;
  setUserGroupDeactivated(sql, groupId, false);
  const row = userGroupById(sql, groupId);
  if (!row) throw new Error(`user group ${groupId} vanished inside its own transaction`);
  const group = userGroupWire(sql, row, membersOf(sql, groupId), subgroupsOf(sql, groupId));
  return () => tellDeactivation(services, groupId, false, { op: 'add', group });
}

// A client that takes deactivated groups hears of the flag; any other, of
// the group going or coming back as a whole.
function tellDeactivation(
  services: Services,
  groupId: number,
  deactivated: boolean,
  forOthers: Record<string, unknown>,
): void {
  const everyone = activeUserIds(services.sql);
  const update = { op: 'update', group_id: groupId, data: { deactivated } };
  services.queues.notify(plainNotice('user_group', update, takesDeactivated), everyone);
  services.queues.notify(plainNotice('user_group', forOthers, leavesDeactivated), everyone);
}
