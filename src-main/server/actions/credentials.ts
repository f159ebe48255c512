import { plainNotice } from '../events/notice';
import { deleteClientDevicesOf } from '../store/clientDevices';
import { pushDevicesOf } from '../store/pushDevices';
import { ApiError, errors } from '../errors';
import type { RateLimits } from '../http/rateLimits';
import type { Services } from '../services';
import { setApiKey } from '../store/bots';
import { replacePasswordHash, userById, type UserRow } from '../store/users';
import { newApiKey } from './secrets';

// Zulip's default PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 100;

const wrongPassword = () => errors.badRequest('Wrong password!');

// Every attempt at the old password counts against the name, as a login's
// does, and Zulip says so in words of its own here.
function countAttempt(limits: RateLimits | null, user: UserRow): void {
  try {
    limits?.login(user.email, []);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'RATE_LIMIT_HIT') throw error;
    const seconds = Math.ceil(Number(error.extra['retry-after'] ?? 1));
    throw errors.badRequest(`You're making too many attempts! Try again in ${seconds} seconds.`);
  }
}

/**
 * Zulip's password change through PATCH /settings: the old password
 * first, then a new one neither too short nor too long. The API key stays as it was, as in Zulip.
 * Both hashes are made before the transaction, off the event loop.
 */
export async function changePassword(
  services: Services,
  user: UserRow,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { sql } = services;
  countAttempt(services.rateLimits, user);
  // Read afresh: the row authentication hands over may be cached from
  // before a login raised the hash's cost.
  const checked = userById(sql, user.id)?.password_hash ?? null;
  const verdict = await services.passwords.check(oldPassword, checked);
  if (!verdict.right || checked === null) throw wrongPassword();
  services.rateLimits?.loggedIn(user.email);
  // Zulip's check_password_strength refuses a password too long as too weak.
  if (newPassword.length < MIN_PASSWORD_LENGTH || newPassword.length > MAX_PASSWORD_LENGTH) {
    throw errors.badRequest('New password is too weak!');
  }
  const hash = await services.passwords.hash(newPassword);
  // Another change that landed while these hashes ran made the old password
  // checked here a stale one.
  if (!sql.transaction(() => replacePasswordHash(sql, user.id, checked, hash))) {
    throw wrongPassword();
  }
  services.authCache.forget(user.id);
}

/**
 * Zulip's POST /users/me/api_key/regenerate: a new key, and the old one
 * refused from now on. The phones signed in with the old key stop being
 * notified (feature level 492): their devices are removed.
 */
export function regenerateOwnApiKey(services: Services, user: UserRow): string {
  const apiKey = newApiKey();
  const { sql } = services;
  const devices = sql.transaction(() => {
    setApiKey(sql, user.id, apiKey);
    const ids = pushDevicesOf(sql, user.id).map((device) => device.id);
    deleteClientDevicesOf(sql, user.id);
    return ids;
  });
  services.authCache.forget(user.id);
  for (const id of devices) {
    services.queues.notify(plainNotice('device', { op: 'remove', device_id: id }), [user.id]);
  }
  return apiKey;
}
