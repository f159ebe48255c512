import type { UserStatus, UserStatuses } from '../../wire';
import type { Sql } from '../store/sql';
import { realmStatusRows, type RealmStatusRow } from '../store/userStatus';

// Zulip's format_user_status: `away` (presence_enabled off) only when true,
// the text only when there is one, the emoji's three fields only with a name.
function formatted(row: RealmStatusRow): UserStatus {
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
 * emoji).
 */
export function userStatusState(sql: Sql): UserStatuses {
  const statuses: UserStatuses = {};
  for (const row of realmStatusRows(sql)) {
    const status = formatted(row);
    if (Object.keys(status).length > 0) statuses[String(row.user_id)] = status;
  }
  return statuses;
}
