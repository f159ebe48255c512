import { errors } from '../errors';
import type { Sql } from '../store/sql';
import { allUsers, Role, type UserRow } from '../store/users';
import { mayInRealm } from './groupPermission';

/**
 * Zulip's check_user_can_access_all_users: only a guest left out of the
 * organization's can_access_all_users_group sees fewer people than everyone.
 */
export function seesEveryone(sql: Sql, reader: UserRow): boolean {
  return reader.role !== Role.guest || mayInRealm(sql, reader, 'can_access_all_users_group');
}

/**
 * Zulip's get_accessible_user_ids, for a reader who does not see everyone:
 * themself, the active subscribers of the channels they are subscribed to,
 * the people of their group conversations and those they have exchanged a
 * direct message with. Bots are not listed: every reader sees every bot.
 * Register counts deactivated people of conversations (never of channels),
 * as Zulip's include_deactivated_users does.
 */
export function accessibleHumanIds(
  sql: Sql,
  readerId: number,
  options: { includeDeactivated: boolean },
): Set<number> {
  return sql.remember(`accessible humans ${readerId} ${options.includeDeactivated}`, () => {
    const rows = sql.all<{ id: number }>(
      `SELECT other.user_id AS id FROM subscriptions mine
         JOIN recipients r ON r.id = mine.recipient_id AND r.type = 2
         JOIN subscriptions other ON other.recipient_id = mine.recipient_id AND other.is_active = 1
         JOIN users u ON u.id = other.user_id AND u.is_active = 1
         WHERE mine.user_id = :reader AND mine.is_active = 1
       UNION
       SELECT people.id FROM (
         SELECT CAST(member.value AS INTEGER) AS id FROM huddles h,
           json_each('[' || h.user_ids_key || ']') member
           WHERE ',' || h.user_ids_key || ',' LIKE '%,' || :reader || ',%'
         UNION
         SELECT r.type_id FROM messages m JOIN recipients r ON r.id = m.recipient_id AND r.type = 1
           WHERE m.sender_id = :reader
         UNION
         SELECT m.sender_id FROM recipients r JOIN messages m ON m.recipient_id = r.id
           WHERE r.type = 1 AND r.type_id = :reader
       ) people JOIN users u ON u.id = people.id AND (u.is_active = 1 OR :deactivated = 1)`,
      { reader: readerId, deactivated: options.includeDeactivated ? 1 : 0 },
    );
    return new Set([readerId, ...rows.map((row) => row.id)]);
  });
}

/** Zulip's check_can_access_user: whether `reader` may see `target` at all. */
export function canAccessUser(sql: Sql, reader: UserRow, target: UserRow): boolean {
  if (reader.id === target.id || target.is_bot === 1 || seesEveryone(sql, reader)) return true;
  return accessibleHumanIds(sql, reader.id, { includeDeactivated: false }).has(target.id);
}

/** Zulip's get_user_ids_who_can_access_user: the active people who hear of changes to `target`. */
export function idsWhoCanAccess(sql: Sql, target: UserRow): number[] {
  return allUsers(sql)
    .filter((reader) => reader.is_active === 1 && canAccessUser(sql, reader, target))
    .map((reader) => reader.id);
}

/** Whom each active guest who does not see everyone may see, before a change to compare after it. */
export function guestAccessSnapshot(sql: Sql): Map<number, Set<number>> {
  const snapshot = new Map<number, Set<number>>();
  for (const user of allUsers(sql)) {
    if (user.is_active !== 1 || seesEveryone(sql, user)) continue;
    snapshot.set(user.id, accessibleHumanIds(sql, user.id, { includeDeactivated: true }));
  }
  return snapshot;
}

/**
 * Zulip's access_user_by_id without for_admin, for reading about someone:
 * no such user (or a bot where none is wanted) is "No such user", a
 * deactivated one unless allowed "User is deactivated", and one the reader
 * may not see "Insufficient permission".
 */
export function accessUserForReader(
  sql: Sql,
  reader: UserRow,
  target: UserRow | undefined,
  allow: { deactivated: boolean; bots: boolean },
): UserRow {
  if (!target || (target.is_bot === 1 && !allow.bots)) throw errors.badRequest('No such user');
  if (target.is_active !== 1 && !allow.deactivated) {
    throw errors.badRequest('User is deactivated');
  }
  if (!canAccessUser(sql, reader, target)) throw errors.badRequest('Insufficient permission');
  return target;
}
