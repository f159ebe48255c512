import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { markFirstLogin, userById, type UserRow } from '../store/users';
import { idsWhoCanAccess } from './userAccess';

/**
 * Zulip 12 (feature level 475): someone an administrator created through
 * the API joins when they first sign in. Their date_joined becomes that
 * time, and everyone who may see them hears it as a realm_user `update`.
 */
export function recordFirstLogin(services: Services, user: UserRow): void {
  if (user.first_login_pending !== 1) return;
  const { sql, queues } = services;
  const at = Math.floor(Date.now() / 1000);
  const joined = sql.transaction(() => markFirstLogin(sql, user.id, at));
  if (!joined) return;
  services.authCache.forget(user.id);
  const changed = userById(sql, user.id);
  if (!changed) return;
  queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: user.id, date_joined: new Date(at * 1000).toISOString() },
    }),
    idsWhoCanAccess(sql, changed),
  );
}
