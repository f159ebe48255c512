import type { Sql } from './sql';

export interface PresenceRow {
  user_id: number;
  email: string;
  last_active_time: number;
  last_connected_time: number;
}

const withEmail = `SELECT p.user_id, u.email, p.last_active_time, p.last_connected_time
  FROM user_presence p JOIN users u ON u.id = p.user_id`;

export function presenceOf(sql: Sql, userId: number): PresenceRow | undefined {
  return sql.get<PresenceRow>(`${withEmail} WHERE p.user_id = ?`, [userId]);
}

/** Active humans connected since `since`, as Zulip's get_presence_dict_by_realm reads them. */
export function recentPresences(sql: Sql, since: number): PresenceRow[] {
  return sql.all<PresenceRow>(
    `${withEmail} WHERE p.last_connected_time >= ? AND u.is_active = 1 AND u.is_bot = 0
     ORDER BY p.user_id`,
    [since],
  );
}

export function savePresence(
  sql: Sql,
  row: { userId: number; lastActiveTime: number; lastConnectedTime: number },
): void {
  sql.run(
    `INSERT INTO user_presence (user_id, last_active_time, last_connected_time)
     VALUES (:userId, :lastActiveTime, :lastConnectedTime)
     ON CONFLICT (user_id) DO UPDATE SET last_active_time = excluded.last_active_time,
       last_connected_time = excluded.last_connected_time`,
    row,
  );
}
