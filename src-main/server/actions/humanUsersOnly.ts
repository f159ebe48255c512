import { errors } from '../errors';
import type { UserRow } from '../store/users';

/** Zulip's human_users_only: the endpoint refuses bots before it reads anything. */
export function refuseBots(user: UserRow): void {
  if (user.is_bot === 1) throw errors.badRequest('This endpoint does not accept bot requests.');
}
