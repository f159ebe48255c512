import type { Sql } from './sql';

export interface UserStatusRow {
  user_id: number;
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  client_id: number;
  timestamp: number;
}

/** What a change sets; a part left undefined keeps its value. */
export interface UserStatusChange {
  statusText?: string | undefined;
  emojiName?: string | undefined;
  emojiCode?: string | undefined;
  reactionType?: string | undefined;
}

/**
 * Zulip's update_user_status: the user's one row, made on first use, with the
 * parts the change names and the client and time of this change.
 */
export function saveUserStatus(
  sql: Sql,
  userId: number,
  change: UserStatusChange,
  clientId: number,
  timestamp: number,
): void {
  sql.run(
    `INSERT INTO user_status
       (user_id, status_text, emoji_name, emoji_code, reaction_type, client_id, timestamp)
     VALUES (:userId, COALESCE(:statusText, ''), COALESCE(:emojiName, ''),
       COALESCE(:emojiCode, ''), COALESCE(:reactionType, 'unicode_emoji'), :clientId, :timestamp)
     ON CONFLICT (user_id) DO UPDATE SET
       status_text = COALESCE(:statusText, status_text),
       emoji_name = COALESCE(:emojiName, emoji_name),
       emoji_code = COALESCE(:emojiCode, emoji_code),
       reaction_type = COALESCE(:reactionType, reaction_type),
       client_id = excluded.client_id,
       timestamp = excluded.timestamp`,
    {
      userId,
      statusText: change.statusText ?? null,
      emojiName: change.emojiName ?? null,
      emojiCode: change.emojiCode ?? null,
      reactionType: change.reactionType ?? null,
      clientId,
      timestamp,
    },
  );
}

export interface RealmStatusRow extends UserStatusRow {
  /** The user's presence_enabled setting, off meaning "away". */
  presence_enabled: number;
}

const statusWithPresence = `SELECT s.*, COALESCE(
    (SELECT v.value = 'true' FROM user_settings v
     WHERE v.user_id = s.user_id AND v.name = 'presence_enabled'), 1) AS presence_enabled
  FROM user_status s JOIN users u ON u.id = s.user_id`;

/** Every active user's status row, with their presence_enabled setting (on unless they turned it off). */
export function realmStatusRows(sql: Sql): RealmStatusRow[] {
  return sql.all<RealmStatusRow>(`${statusWithPresence} WHERE u.is_active = 1 ORDER BY s.user_id`);
}

/** One user's status row, as realmStatusRows gives it; none if they never set one. */
export function statusRowOf(sql: Sql, userId: number): RealmStatusRow | undefined {
  return sql.get<RealmStatusRow>(`${statusWithPresence} WHERE s.user_id = ?`, [userId]);
}
