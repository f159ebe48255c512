import { displaySettingDefaults } from './displaySettings';
import { Flag } from './flags';
import type { Sql } from './sql';

// send_read_receipts is stored only where a user changed it from its default.
const hiddenReceipts = JSON.stringify(!displaySettingDefaults.send_read_receipts);

/**
 * Zulip 7.0's read_receipts query: the active users whose row of the message
 * carries the read flag (historical rows included), who let others see that
 * (send_read_receipts), other than its sender, and neither muting the viewer
 * nor muted by them. Bots count like anyone else.
 */
export function readerIdsOf(
  sql: Sql,
  read: { messageId: number; senderId: number; viewerId: number },
): number[] {
  return sql
    .all<{ user_id: number }>(
      `SELECT um.user_id FROM user_messages um
       JOIN users u ON u.id = um.user_id
       WHERE um.message_id = :messageId AND (um.flags & ${Flag.read}) != 0
         AND u.is_active = 1 AND um.user_id != :senderId
         AND NOT EXISTS (SELECT 1 FROM user_settings s WHERE s.user_id = um.user_id
                         AND s.name = 'send_read_receipts' AND s.value = :hiddenReceipts)
         AND NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = um.user_id
                         AND m.muted_user_id = :viewerId)
         AND NOT EXISTS (SELECT 1 FROM muted_users m WHERE m.user_id = :viewerId
                         AND m.muted_user_id = um.user_id)
       ORDER BY um.user_id`,
      { ...read, hiddenReceipts },
    )
    .map((row) => row.user_id);
}
