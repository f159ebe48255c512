import { canSeeChannel, channelAudience } from './channelAccess';
import { emit, type Context } from './context';
import { badRequest, mustBeOwner, noSuchUser } from './errors';
import { announceUserChange } from './updateSettings';
import { announceMembers } from './roleGroups';
import { userForAdmin } from './updateUser';

/**
 * Deactivates the user as Zulip does: `peer_remove` for their subscriptions,
 * then `realm_user` `update` with is_active false. Their group memberships and
 * subscriptions are set aside, out of every read, until reactivation.
 */
export function deactivate(context: Context, userId: number): void {
  const { org } = context;
  const user = org.users.get(userId);
  if (!user?.is_active) return;
  const streamIds: number[] = [];
  for (const stream of org.streams.values()) {
    if (!org.isSubscribed(userId, stream)) continue;
    const others = channelAudience(org, stream).filter((id) => id !== userId);
    stream.subscribers = stream.subscribers.filter((id) => id !== userId);
    streamIds.push(stream.stream_id);
    emit(context, others, () => ({
      type: 'subscription',
      op: 'peer_remove',
      stream_ids: [stream.stream_id],
      user_ids: [userId],
    }));
  }
  // Zulip 10 (feature level 303): clients drop a deactivated user from every group themselves.
  const groupIds: number[] = [];
  for (const group of org.groups.values()) {
    if (!group.members.includes(userId)) continue;
    group.members = group.members.filter((id) => id !== userId);
    groupIds.push(group.id);
  }
  org.setAside.set(userId, { groupIds, streamIds });
  user.is_active = false;
  announceUserChange(context, { user_id: userId, is_active: false });
}

/** DELETE /users/{user_id}, for administrators; the user's bots go first. */
export function deactivateUser(context: Context, actorId: number, userId: number) {
  const { org } = context;
  const target = userForAdmin(org, actorId, userId);
  if (!target.is_active) throw noSuchUser();
  if (target.role === 100 && org.user(actorId)?.role !== 100) throw mustBeOwner();
  const owners = org.allUserIds().filter((id) => org.user(id)?.role === 100);
  if (target.role === 100 && owners.length === 1) {
    throw badRequest('Cannot deactivate the only organization owner');
  }
  for (const bot of org.bots.values()) {
    if (bot.ownerId === userId) deactivate(context, bot.userId);
  }
  deactivate(context, userId);
}

/** POST /users/{user_id}/reactivate: gives back the user's groups and subscriptions, and says so. */
export function reactivateUser(context: Context, actorId: number, userId: number) {
  const { org } = context;
  const target = userForAdmin(org, actorId, userId);
  if (target.is_active) throw badRequest('User is already active.');
  target.is_active = true;
  announceUserChange(context, { user_id: userId, is_active: true });
  const { groupIds, streamIds } = org.setAside.get(userId) ?? { groupIds: [], streamIds: [] };
  org.setAside.delete(userId);
  for (const groupId of groupIds) {
    const group = org.groups.get(groupId);
    if (!group || group.members.includes(userId)) continue;
    group.members = [...group.members, userId];
    announceMembers(context, groupId, 'add_members', [userId]);
  }
  for (const streamId of streamIds) {
    const stream = org.streams.get(streamId);
    if (!stream || stream.subscribers.includes(userId)) continue;
    stream.subscribers.push(userId);
    const others = org.allUserIds().filter((id) => id !== userId && canSeeChannel(org, id, stream));
    emit(context, others, () => ({
      type: 'subscription',
      op: 'peer_add',
      stream_ids: [streamId],
      user_ids: [userId],
    }));
  }
}
