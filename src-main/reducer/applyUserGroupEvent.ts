import type { QueuedEvent } from '../wire';
import type { UserGroup } from '../wire';

/** Zulip's apply_event for `user_group`: groups made, renamed and removed, their members and subgroups. */
export function applyUserGroupEvent(groups: UserGroup[], event: QueuedEvent): UserGroup[] {
  switch (event.op) {
    case 'add':
      return [...groups, event.group as UserGroup].sort((a, b) => a.id - b.id);
    case 'update':
      return groups.map((group) =>
        group.id === event.group_id ? { ...group, ...(event.data as Partial<UserGroup>) } : group,
      );
    case 'remove':
      return groups.filter((group) => group.id !== event.group_id);
    case 'add_members':
    case 'remove_members': {
      const users = event.user_ids as number[];
      return groups.map((group) => {
        if (group.id !== event.group_id) return group;
        const others = group.members.filter((id) => !users.includes(id));
        const members = event.op === 'add_members' ? [...others, ...users] : others;
        return { ...group, members: members.sort((a, b) => a - b) };
      });
    }
    case 'add_subgroups':
    case 'remove_subgroups': {
      const subgroups = event.direct_subgroup_ids as number[];
      return groups.map((group) => {
        if (group.id !== event.group_id) return group;
        const others = group.direct_subgroup_ids.filter((id) => !subgroups.includes(id));
        const direct = event.op === 'add_subgroups' ? [...others, ...subgroups] : others;
        return { ...group, direct_subgroup_ids: direct.sort((a, b) => a - b) };
      });
    }
    default:
      return groups;
  }
}
