import { idsWhoCanAccess } from './userAccess';
import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { setTimezone, type UserRow } from '../store/users';
import { announceUserSetting } from './userSettings';

/**
 * Zulip's check_timezone: a name the time-zone database knows, aliases such
 * as US/Eastern included, never the empty one a new user starts with.
 */
export function checkTimezone(name: string): string {
  try {
    // Throws a RangeError for a name the database does not know.
    new Intl.DateTimeFormat('en', { timeZone: name });
    if (name.trim() !== name || name === '') throw new RangeError(name);
  } catch {
    throw errors.badRequest('timezone is not a recognized time zone');
  }
  return name;
}

/**
 * Zulip's do_change_user_setting for the time zone: the user's
 * `user_settings` update, and a `realm_user` update to everyone, who see the
 * time zone in profiles and in scheduled times.
 */
export function changeTimezone(services: Services, user: UserRow, timezone: string): void {
  if (timezone === user.timezone) return;
  const { sql, queues } = services;
  sql.transaction(() => setTimezone(sql, user.id, timezone));
  services.authCache.forget(user.id);
  announceUserSetting(services, user, 'timezone', timezone);
  queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { email: user.email, user_id: user.id, timezone },
    }),
    idsWhoCanAccess(sql, user),
  );
}
