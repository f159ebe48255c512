import type { UserStatus, UserStatuses } from '../../wire';
import { accessibleHumanIds, seesEveryone } from '../actions/userAccess';
import type { Sql } from '../store/sql';
import { allUsers, type UserRow } from '../store/users';
import { realmStatusRows, type RealmStatusRow } from '../store/userStatus';

// Zulip's format_user_status: `away` (presence_enabled off) only when true,
// the text only when there is one, the emoji's three fields only with a name.
export function formattedStatus(row: RealmStatusRow): UserStatus {
  return {
    ...(row.presence_enabled === 0 ? { away: true as const } : {}),
    ...(row.status_text !== '' ? { status_text: row.status_text } : {}),
    ...(row.emoji_name !== ''
      ? {
          emoji_name: row.emoji_name,
          emoji_code: row.emoji_code,
          reaction_type: row.reaction_type,
        }
      : {}),
  };
}

/**
 * Zulip's get_user_status_dict: active users who ever set a status, by ID,
 * leaving out those whose status says nothing (present, with no text and no
 * emoji), and those the reader may not see (Zulip 8, feature level 228).
 */
export function userStatusState(sql: Sql, reader: UserRow): UserStatuses {
  const statuses: UserStatuses = {};
  const seen = seesEveryone(sql, reader)
    ? null
    : new Set([
        ...accessibleHumanIds(sql, reader.id, { includeDeactivated: false }),
        ...allUsers(sql)
          .filter((row) => row.is_bot === 1)
          .map((row) => row.id),
      ]);
  for (const row of realmStatusRows(sql)) {
    if (seen !== null && !seen.has(row.user_id)) continue;
    const status = formattedStatus(row);
    if (Object.keys(status).length > 0) statuses[String(row.user_id)] = status;
  }
  return statuses;
}
