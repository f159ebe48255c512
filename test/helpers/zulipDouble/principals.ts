import { z } from 'zod';
import { noSuchUser } from './errors';
import type { Org } from './org';
import { json } from './params';

/** Zulip's `principals`: user IDs (feature level 9) or Zulip API emails. */
export const principalsSchema = json(z.union([z.array(z.number().int()), z.array(z.string())]));

/**
 * The users the principals name; an unknown or deactivated one is refused
 * as Zulip 8 does (feature level 208), with 400 BAD_REQUEST.
 */
export function usersOfPrincipals(org: Org, principals: readonly (number | string)[]): number[] {
  return [
    ...new Set(
      principals.map((principal) => {
        const user =
          typeof principal === 'number' ? org.user(principal) : org.userByEmail(principal);
        if (!user || !org.isActive(user.user_id)) throw noSuchUser();
        return user.user_id;
      }),
    ),
  ];
}
