import { canSeeChannel } from './channelAccess';
import { channelFor } from './channelObject';
import { emit, type Context } from './context';
import { systemGroupId } from './groups';
import type { Org } from './org';

// The system groups a user of each role is a direct member of; the
// organization's waiting period is none, so every member is a full member.
const roleGroupNames: Readonly<Record<number, readonly string[]>> = {
  100: ['role:owners'],
  200: ['role:administrators'],
  300: ['role:moderators'],
  400: ['role:members', 'role:fullmembers'],
  600: ['role:everyone'],
};

export const roles = Object.keys(roleGroupNames).map(Number);

const roleGroups = (org: Org, role: number) =>
  (roleGroupNames[role] ?? []).map((name) => systemGroupId(org, name));

/** Tells everyone of a change of a group's direct members; nothing when none changed. */
export function announceMembers(
  context: Context,
  groupId: number,
  op: 'add_members' | 'remove_members',
  userIds: readonly number[],
): void {
  if (userIds.length === 0) return;
  emit(context, context.org.allUserIds(), () => ({
    type: 'user_group',
    op,
    group_id: groupId,
    user_ids: [...userIds],
  }));
}

/**
 * Gives the user a new role as Zulip's do_change_user_role does: the
 * `realm_user` update, the move between system groups (so that group
 * settings follow), and the channels the user gains or loses sight of.
 */
export function changeRole(context: Context, userId: number, role: number): void {
  const { org } = context;
  const user = org.users.get(userId);
  if (!user || user.role === role) return;
  const visible = () =>
    new Set(
      [...org.streams.values()]
        .filter((stream) => canSeeChannel(org, userId, stream))
        .map((stream) => stream.stream_id),
    );
  const saw = visible();
  const before = roleGroups(org, user.role);
  const after = roleGroups(org, role);
  Object.assign(user, {
    role,
    is_owner: role === 100,
    is_admin: role <= 200,
    is_guest: role === 600,
  });
  emit(context, org.allUserIds(), () => ({
    type: 'realm_user',
    op: 'update',
    person: { user_id: userId, role },
  }));
  for (const groupId of before.filter((id) => !after.includes(id))) {
    const group = org.groups.get(groupId);
    if (!group) continue;
    group.members = group.members.filter((id) => id !== userId);
    announceMembers(context, groupId, 'remove_members', [userId]);
  }
  for (const groupId of after.filter((id) => !before.includes(id))) {
    const group = org.groups.get(groupId);
    if (!group) continue;
    group.members = [...group.members, userId];
    announceMembers(context, groupId, 'add_members', [userId]);
  }
  const sees = visible();
  const gained = [...sees].filter((id) => !saw.has(id));
  const lost = [...saw].filter((id) => !sees.has(id));
  const gainedStreams = [...org.streams.values()].filter((s) => gained.includes(s.stream_id));
  emit(context, [userId], (queue) => {
    const shown = gainedStreams.filter(
      (s) => !s.is_archived || queue.capabilities.archived_channels,
    );
    return shown.length === 0
      ? null
      : { type: 'stream', op: 'create', streams: shown.map((s) => channelFor(s)) };
  });
  if (lost.length > 0) {
    emit(context, [userId], () => ({
      type: 'stream',
      op: 'delete',
      streams: lost.map((id) => ({ stream_id: id })),
      stream_ids: lost,
    }));
  }
}
