import { idsWhoCanAccess } from './userAccess';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { wireDateJoined } from '../shape/users';
import { markFirstLogin, type UserRow } from '../store/users';

/**
 * Zulip 12 (feature level 475): someone an administrator created through
 * the API joins when they first sign in. Their date_joined becomes that
 * moment, and everyone who may see them hears of it in a realm_user update.
 * Zulip does this as the newcomer accepts the terms at their first login;
 * a Hearth host has no such page, so it is their first /fetch_api_key.
 * Every other sign-in changes nothing.
 */
export function recordFirstLogin(services: Services, user: UserRow): UserRow {
  if (user.first_login_pending !== 1) return user;
  const { sql } = services;
  const now = Math.floor(Date.now() / 1000);
  if (!sql.transaction(() => markFirstLogin(sql, user.id, now))) return user;
  const joined = { ...user, date_joined: now, first_login_pending: 0 };
  services.queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: joined.id, date_joined: wireDateJoined(joined) },
    }),
    idsWhoCanAccess(sql, joined),
  );
  return joined;
}
