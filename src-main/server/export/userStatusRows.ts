import type { UserStatusRow } from '../store/userStatus';
import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_userstatus: each person's status text and emoji, with the client
 * that set it (a row of zerver_client). The importer maps `user_profile`,
 * `client` and a custom emoji's code to their new IDs. Being away is the
 * presence_enabled setting, which goes with the person.
 */
export function userStatuses(source: ExportSource): ZerverRow[] {
  return source
    .all<UserStatusRow>('SELECT * FROM user_status ORDER BY user_id')
    .map((row, index) => ({
      id: index + 1,
      user_profile: row.user_id,
      timestamp: row.timestamp,
      client: row.client_id,
      status_text: row.status_text,
      emoji_name: row.emoji_name,
      emoji_code: row.emoji_code,
      reaction_type: row.reaction_type,
    }));
}
