import type { MutedUser } from '../../wire/mutedUsers';
import { Flag } from './flags';
import type { Sql } from './sql';

/** Whom the user muted, in the order they were muted, as Zulip's get_user_mutes lists them. */
export function mutesOf(sql: Sql, userId: number): MutedUser[] {
  return sql.all<MutedUser>(
    'SELECT muted_user_id AS id, date_muted AS timestamp FROM muted_users WHERE user_id = ? ORDER BY muted_users.id',
    [userId],
  );
}

/** Zulip's get_muting_users: everyone who muted this user, deactivated users too. */
export function mutingUserIds(sql: Sql, mutedUserId: number): Set<number> {
  return new Set(
    sql
      .all<{ user_id: number }>('SELECT user_id FROM muted_users WHERE muted_user_id = ?', [
        mutedUserId,
      ])
      .map((row) => row.user_id),
  );
}

export function isMuted(sql: Sql, userId: number, mutedUserId: number): boolean {
  return (
    sql.get('SELECT 1 FROM muted_users WHERE user_id = ? AND muted_user_id = ?', [
      userId,
      mutedUserId,
    ]) !== undefined
  );
}

export function insertMute(sql: Sql, userId: number, mutedUserId: number, at: number): void {
  sql.run('INSERT INTO muted_users (user_id, muted_user_id, date_muted) VALUES (?, ?, ?)', [
    userId,
    mutedUserId,
    at,
  ]);
}

export function deleteMute(sql: Sql, userId: number, mutedUserId: number): void {
  sql.run('DELETE FROM muted_users WHERE user_id = ? AND muted_user_id = ?', [userId, mutedUserId]);
}

/**
 * Marks read the user's unread messages sent by `senderId`, and returns their
 * IDs. It walks the user's unread rows (their index), not the sender's messages.
 */
export function markSenderRowsRead(sql: Sql, userId: number, senderId: number): number[] {
  return sql
    .all<{ message_id: number }>(
      `UPDATE user_messages SET flags = flags | ${Flag.read}
       WHERE user_id = :userId AND (flags & ${Flag.read}) = 0
         AND (SELECT sender_id FROM messages WHERE id = message_id) = :senderId
       RETURNING message_id`,
      { userId, senderId },
    )
    .map((row) => row.message_id)
    .sort((a, b) => a - b);
}
