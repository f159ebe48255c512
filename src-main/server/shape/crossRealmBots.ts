import type { UserRow } from '../store/users';
import { toWireUser } from './users';

/**
 * Zulip's get_cross_realm_dicts: each system bot as a user object that sees
 * itself (its own delivery_email), owned by no one, marked is_system_bot.
 */
export function toCrossRealmBot(row: UserRow): Record<string, unknown> {
  return {
    ...toWireUser(row, { clientGravatar: false }),
    bot_owner_id: null,
    is_system_bot: true,
  };
}
