import { Flag } from './flags';
import type { MessagePlaceRow } from './messages';
import { RecipientType } from './recipients';
import type { Sql } from './sql';

/** One unread message as the unread summary of /register needs it. */
export interface UnreadRow extends MessagePlaceRow {
  flags: number;
}

/**
 * The user's newest unread messages, oldest first, at most `limit`. As in
 * Zulip's get_raw_unread_data, streams the user left do not count: leaving
 * marks their messages read, and what stayed unread before that is passed over.
 */
export function unreadRowsOf(sql: Sql, userId: number, limit: number): UnreadRow[] {
  return sql
    .all<UnreadRow>(
      `SELECT m.id, m.sender_id, m.recipient_id, r.type AS recipient_type,
         r.type_id AS recipient_type_id, m.subject, um.flags
       FROM user_messages um
       JOIN messages m ON m.id = um.message_id
       JOIN recipients r ON r.id = m.recipient_id
       WHERE um.user_id = :userId AND (um.flags & ${Flag.read}) = 0
         AND (r.type != ${RecipientType.stream} OR EXISTS (SELECT 1 FROM subscriptions s
           WHERE s.user_id = :userId AND s.recipient_id = m.recipient_id AND s.is_active = 1))
       ORDER BY um.message_id DESC LIMIT :limit`,
      { userId, limit },
    )
    .reverse();
}
