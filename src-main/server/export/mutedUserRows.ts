import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_muteduser: whom each person muted. Zulip's importer maps both users
 * to their new IDs and reads `date_muted` from Unix seconds.
 */
export function mutedUsers(source: ExportSource): ZerverRow[] {
  return source
    .all<{ id: number; user_id: number; muted_user_id: number; date_muted: number }>(
      'SELECT * FROM muted_users ORDER BY id',
    )
    .map((row) => ({
      id: row.id,
      user_profile: row.user_id,
      muted_user: row.muted_user_id,
      date_muted: row.date_muted,
    }));
}
