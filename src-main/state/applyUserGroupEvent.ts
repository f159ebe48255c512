import type { QueuedEvent } from '../wire';
import type { UserGroup } from '../wire';

/** Zulip's apply_event for `user_group` membership changes. */
export function applyUserGroupEvent(groups: UserGroup[], event: QueuedEvent): UserGroup[] {
  if (event.op !== 'add_members' && event.op !== 'remove_members') return groups;
  const users = event.user_ids as number[];
  return groups.map((group) => {
    if (group.id !== event.group_id) return group;
    const others = group.members.filter((id) => !users.includes(id));
    const members = event.op === 'add_members' ? [...others, ...users] : others;
    return { ...group, members: members.sort((a, b) => a - b) };
  });
}
