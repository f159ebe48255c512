import { plainNotice } from '../events/notice';
import { systemGroupIdsForRole } from '../queries/systemGroups';
import type { Services } from '../services';
import { activeUserIds, type UserRow } from '../store/users';

/** As Zulip's do_create_user: everyone hears that a new user (or bot) joined its role's system groups. */
export function announceSystemGroupMembership(services: Services, user: UserRow): void {
  const audience = activeUserIds(services.sql);
  for (const groupId of systemGroupIdsForRole(user.role)) {
    services.queues.notify(
      plainNotice('user_group', { op: 'add_members', group_id: groupId, user_ids: [user.id] }),
      audience,
    );
  }
}
