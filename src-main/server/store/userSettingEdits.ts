import type { Sql } from './sql';

/** Records that the user changed the setting themselves (migration 044). */
export function markEditedBySelf(sql: Sql, userId: number, name: string): void {
  sql.run('INSERT OR IGNORE INTO user_setting_edits (user_id, name) VALUES (?, ?)', [userId, name]);
}

/** Those of the users given who ever changed the setting themselves. */
export function editedBySelf(sql: Sql, userIds: readonly number[], name: string): Set<number> {
  const rows = sql.all<{ user_id: number }>(
    `SELECT user_id FROM user_setting_edits
     WHERE name = ? AND user_id IN (SELECT value FROM json_each(?))`,
    [name, JSON.stringify(userIds)],
  );
  return new Set(rows.map((row) => row.user_id));
}
