import { ApiError, errors } from '../errors';
import type { RateLimits } from '../http/rateLimits';
import type { Services } from '../services';
import { setApiKey } from '../store/bots';
import type { Sql } from '../store/sql';
import type { UserRow } from '../store/users';
import { checkPassword, hashPassword, newApiKey } from './secrets';

// Zulip's default PASSWORD_MIN_LENGTH.
export const MIN_PASSWORD_LENGTH = 6;

function setPasswordHash(sql: Sql, userId: number, hash: string): void {
  sql.run('UPDATE users SET password_hash = ? WHERE id = ?', [hash, userId]);
}

// The old password is checked as a login is: every attempt counts against
// the name, and Zulip says so in words of its own here.
function checkOldPassword(limits: RateLimits | null, user: UserRow, oldPassword: string): void {
  try {
    limits?.login(user.email, []);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'RATE_LIMIT_HIT') throw error;
    const seconds = Math.ceil(Number(error.extra['retry-after'] ?? 1));
    throw errors.badRequest(`You're making too many attempts! Try again in ${seconds} seconds.`);
  }
  if (!checkPassword(oldPassword, user.password_hash)) throw errors.badRequest('Wrong password!');
  limits?.loggedIn(user.email);
}

/**
 * Zulip 7.0's password change through PATCH /settings: the old password
 * first, then a new one long enough. The API key stays as it was, as in Zulip.
 */
export function changePassword(
  services: Services,
  user: UserRow,
  oldPassword: string,
  newPassword: string,
): void {
  checkOldPassword(services.rateLimits, user, oldPassword);
  if (newPassword.length < MIN_PASSWORD_LENGTH)
    throw errors.badRequest('New password is too weak!');
  services.sql.transaction(() => setPasswordHash(services.sql, user.id, hashPassword(newPassword)));
  services.authCache.forget(user.id);
}

/** Zulip's POST /users/me/api_key/regenerate: a new key, and the old one refused from now on. */
export function regenerateOwnApiKey(services: Services, user: UserRow): string {
  const apiKey = newApiKey();
  services.sql.transaction(() => setApiKey(services.sql, user.id, apiKey));
  services.authCache.forget(user.id);
  return apiKey;
}
