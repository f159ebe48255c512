import { errors } from '../errors';
import type { Services } from '../services';
import { replacePasswordHash, userByEmail, userById, type UserRow } from '../store/users';

/**
 * Zulip's password login (EmailAuthBackend, behind /fetch_api_key): resolves
 * with the user whose password this is, deactivated or not, and refuses
 * everyone else alike. No such user, a user without a password and a wrong
 * password all cost the same hash, so the time a refusal takes does not tell
 * which emails exist. A right password whose hash is weaker than new ones are
 * made is hashed again, and the stronger hash stored, once the login succeeds.
 */
export async function checkPasswordLogin(
  services: Services,
  email: string,
  password: string,
): Promise<UserRow> {
  const { sql, passwords } = services;
  const found = userByEmail(sql, email);
  const checked = found?.password_hash ?? null;
  const verdict = await passwords.check(password, checked);
  if (!found || checked === null || !verdict.right) throw errors.authenticationFailed();
  const raise = verdict.outdated && found.is_active === 1;
  const stronger = raise ? await passwords.hash(password) : null;
  return sql.transaction(() => {
    const user = userById(sql, found.id);
    // Changed while the hash ran: the password checked is no longer this user's.
    if (user?.password_hash !== checked) throw errors.authenticationFailed();
    if (stronger === null) return user;
    replacePasswordHash(sql, user.id, checked, stronger);
    return { ...user, password_hash: stronger };
  });
}
