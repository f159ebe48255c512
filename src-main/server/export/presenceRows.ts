import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_userpresence: when each person was last active and last connected,
 * read by the importer as dates, with the update ID Zulip's presence API
 * hands out from (feature level 263).
 */
export function userPresenceRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{
      user_id: number;
      last_active_time: number;
      last_connected_time: number;
      last_update_id: number;
    }>('SELECT * FROM user_presence ORDER BY user_id')
    .map((row, index) => ({
      id: index + 1,
      user_profile: row.user_id,
      realm: realmId,
      last_active_time: row.last_active_time,
      last_connected_time: row.last_connected_time,
      last_update_id: row.last_update_id,
    }));
}

/**
 * zerver_presencesequence: the organization's last presence update ID, so
 * that the new server's next updates come after those it imported; without
 * it the importer starts the sequence over at 0.
 */
export function presenceSequenceRows(source: ExportSource, realmId: number): ZerverRow[] {
  const row = source.get<{ last_update_id: number }>(
    'SELECT last_update_id FROM presence_sequence WHERE id = 1',
  );
  return [{ id: 1, realm: realmId, last_update_id: row?.last_update_id ?? 0 }];
}
