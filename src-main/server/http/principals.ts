import { z } from 'zod';
import { errors } from '../errors';
import type { Services } from '../services';
import { userByEmail, userById, type UserRow } from '../store/users';

/** Zulip's principals: the people a subscription request is about, by email or (newer clients) user ID. */
export const principalsSchema = z.array(z.union([z.string(), z.number().int()]));

/**
 * Zulip's principal_to_user_profile: since Zulip 8.0 (feature level 208) a
 * principal that names nobody, or someone deactivated, is a 400 BAD_REQUEST
 * in access_user_by_email's and access_user_by_id's words, no longer 403
 * UNAUTHORIZED_PRINCIPAL. None means `fallback`.
 */
export function principalUsers(
  services: Services,
  fallback: readonly UserRow[],
  principals: readonly (string | number)[],
): UserRow[] {
  if (principals.length === 0) return [...fallback];
  return principals.map((principal) => {
    const user =
      typeof principal === 'number'
        ? userById(services.sql, principal)
        : userByEmail(services.sql, principal.trim());
    // Zulip's system bots are outside the organization: nobody subscribes them.
    if (!user || user.is_system_bot === 1) throw errors.badRequest('No such user');
    if (user.is_active !== 1) throw errors.badRequest('User is deactivated');
    return user;
  });
}
