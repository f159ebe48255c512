import type { Sql } from './sql';

export interface PresenceRow {
  user_id: number;
  email: string;
  last_active_time: number;
  last_connected_time: number;
  /** The organization's count of presence changes when this one was saved. */
  last_update_id: number;
}

const withEmail = `SELECT p.user_id, u.email, p.last_active_time, p.last_connected_time,
    p.last_update_id
  FROM user_presence p JOIN users u ON u.id = p.user_id`;

export function presenceOf(sql: Sql, userId: number): PresenceRow | undefined {
  return sql.get<PresenceRow>(`${withEmail} WHERE p.user_id = ?`, [userId]);
}

/**
 * Active humans' presence as Zulip's get_presence_dict_by_realm reads it:
 * connected since `since` (null: whenever), changed after `afterUpdateId`
 * (null: any).
 */
export function recentPresences(
  sql: Sql,
  since: number | null,
  afterUpdateId: number | null = null,
): PresenceRow[] {
  return sql.all<PresenceRow>(
    `${withEmail} WHERE (:since IS NULL OR p.last_connected_time >= :since)
       AND (:after IS NULL OR p.last_update_id > :after)
       AND u.is_active = 1 AND u.is_bot = 0
     ORDER BY p.user_id`,
    { since, after: afterUpdateId },
  );
}

/** Saves a user's presence as the organization's next change. */
export function savePresence(
  sql: Sql,
  row: { userId: number; lastActiveTime: number; lastConnectedTime: number },
): void {
  sql.run('UPDATE presence_sequence SET last_update_id = last_update_id + 1 WHERE id = 1');
  sql.run(
    `INSERT INTO user_presence (user_id, last_active_time, last_connected_time, last_update_id)
     VALUES (:userId, :lastActiveTime, :lastConnectedTime,
       (SELECT last_update_id FROM presence_sequence WHERE id = 1))
     ON CONFLICT (user_id) DO UPDATE SET last_active_time = excluded.last_active_time,
       last_connected_time = excluded.last_connected_time,
       last_update_id = excluded.last_update_id`,
    row,
  );
}
