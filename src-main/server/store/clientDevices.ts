import type { Sql } from './sql';

/** The IDs of the user's signed-in devices, oldest first. */
export function clientDeviceIdsOf(sql: Sql, userId: number): number[] {
  return sql
    .all<{ id: number }>('SELECT id FROM client_devices WHERE user_id = ? ORDER BY id', [userId])
    .map((row) => row.id);
}

export function insertClientDevice(sql: Sql, userId: number, dateCreated: number): number {
  return sql.run('INSERT INTO client_devices (user_id, date_created) VALUES (?, ?)', [
    userId,
    dateCreated,
  ]).lastInsertRowid;
}

/** False when the user has no device of that ID. */
export function deleteClientDevice(sql: Sql, userId: number, id: number): boolean {
  return (
    sql.run('DELETE FROM client_devices WHERE id = ? AND user_id = ?', [id, userId]).changes > 0
  );
}
