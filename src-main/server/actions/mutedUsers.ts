import { takeDownReadPushes } from './pushRemovals';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { deleteMute, insertMute, isMuted, markSenderRowsRead, mutesOf } from '../store/mutedUsers';
import { userById, type UserRow } from '../store/users';
import { readEvent } from './markAsRead';

// Zulip's access_user_by_id with allow_bots and allow_deactivated: anyone of
// the organization, bots and deactivated users too.
function mutable(services: Services, userId: number): UserRow {
  const target = userById(services.sql, userId);
  // Zulip's system bots are not of the organization, whose people alone are muted.
  if (!target || target.is_system_bot === 1) throw errors.badRequest('No such user');
  return target;
}

function announce(services: Services, user: UserRow): void {
  const event = { muted_users: mutesOf(services.sql, user.id) };
  services.queues.notify(plainNotice('muted_users', event), [user.id]);
}

/**
 * Zulip's do_mute_user: what the muted user sent the user is marked read
 * (their flags event first, as Zulip sends it), then the user's whole list
 * goes to their clients.
 */
export function muteUser(services: Services, user: UserRow, mutedUserId: number): void {
  if (mutedUserId === user.id) throw errors.badRequest('Cannot mute self');
  const { sql } = services;
  const muted = mutable(services, mutedUserId);
  const read = sql.transaction(() => {
    if (isMuted(sql, user.id, muted.id)) throw errors.badRequest('User already muted');
    insertMute(sql, user.id, muted.id, Math.floor(Date.now() / 1000));
    return markSenderRowsRead(sql, user.id, muted.id);
  });
  if (read.length > 0) {
    services.queues.notify(plainNotice('update_message_flags', readEvent(read, false)), [user.id]);
    takeDownReadPushes(services, user.id, read);
  }
  announce(services, user);
}

/** Zulip's do_unmute_user: messages marked read stay read. */
export function unmuteUser(services: Services, user: UserRow, mutedUserId: number): void {
  const { sql } = services;
  const muted = mutable(services, mutedUserId);
  sql.transaction(() => {
    if (!isMuted(sql, user.id, muted.id)) throw errors.badRequest('User is not muted');
    deleteMute(sql, user.id, muted.id);
  });
  announce(services, user);
}
