import { emit, type Context } from './context';
import { badRequest, noSuchUser } from './errors';
import { readEvent } from './markAsRead';
import type { Org } from './org';
import { accessibleUsers } from './register';

/** Whom the user muted, in the order they were muted, as register and events list them. */
export function mutesOf(org: Org, userId: number): { id: number; timestamp: number }[] {
  return [...(org.mutedUsers.get(userId) ?? [])];
}

// access_user_by_id_including_cross_realm with allow_bots and allow_deactivated:
// anyone the user may see, Notification Bot too.
function checkMutable(org: Org, userId: number, targetId: number): void {
  const crossRealm = org.crossRealmBots.some((bot) => bot.user_id === targetId);
  if (!crossRealm && !accessibleUsers(org, userId).has(targetId)) throw noSuchUser();
}

const announce = (context: Context, userId: number) =>
  emit(context, [userId], () => ({
    type: 'muted_users',
    muted_users: mutesOf(context.org, userId),
  }));

/**
 * POST /users/me/muted_users/{id}: what the muted user sent is marked read
 * for the muter (that flags event first), then the muter's whole list goes
 * to their clients.
 */
export function muteUser(context: Context, userId: number, mutedId: number): void {
  const { org } = context;
  if (mutedId === userId) throw badRequest('Cannot mute self');
  checkMutable(org, userId, mutedId);
  const mutes = org.mutedUsers.get(userId) ?? [];
  if (mutes.some((mute) => mute.id === mutedId)) throw badRequest('User already muted');
  mutes.push({ id: mutedId, timestamp: context.now() });
  org.mutedUsers.set(userId, mutes);
  const read = [...org.messages.values()]
    .filter(
      (message) =>
        message.senderId === mutedId &&
        org.flags.get(message.id)?.get(userId)?.has('read') === false,
    )
    .map((message) => message.id)
    .sort((a, b) => a - b);
  for (const id of read) org.flags.get(id)?.get(userId)?.add('read');
  if (read.length > 0) emit(context, [userId], () => readEvent(read, false));
  announce(context, userId);
}

/** DELETE /users/me/muted_users/{id}: what was marked read stays read. */
export function unmuteUser(context: Context, userId: number, mutedId: number): void {
  const { org } = context;
  checkMutable(org, userId, mutedId);
  const mutes = org.mutedUsers.get(userId) ?? [];
  if (!mutes.some((mute) => mute.id === mutedId)) throw badRequest('User is not muted');
  org.mutedUsers.set(
    userId,
    mutes.filter((mute) => mute.id !== mutedId),
  );
  announce(context, userId);
}

/** Who muted the sender: their copy of a new message arrives read. */
export function mutingUserIds(org: Org, senderId: number): Set<number> {
  const muting = new Set<number>();
  for (const [userId, mutes] of org.mutedUsers) {
    if (mutes.some((mute) => mute.id === senderId)) muting.add(userId);
  }
  return muting;
}
