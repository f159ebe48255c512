import type { Sql } from './sql';

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

/** Forgets every device of the user, and what the host still owed the push service for them. */
export function deleteClientDevicesOf(sql: Sql, userId: number): void {
  sql.run('DELETE FROM client_devices WHERE user_id = ?', [userId]);
}
