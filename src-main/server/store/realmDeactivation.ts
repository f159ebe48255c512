import type { Sql } from './sql';

/** Whether the organization's owner deactivated it; read on every authenticated request. */
export function isRealmDeactivated(sql: Sql): boolean {
  return sql.rememberFrom(
    'realm',
    'deactivated',
    () =>
      sql.get<{ deactivated: number }>('SELECT deactivated FROM realm WHERE id = 1')
        ?.deactivated === 1,
  );
}

/** Closes the organization; `scheduledDeletionDate` is when its owner allowed its data to go. */
export function setRealmDeactivated(sql: Sql, scheduledDeletionDate: number | null): void {
  sql.run('UPDATE realm SET deactivated = 1, scheduled_deletion_date = ? WHERE id = 1', [
    scheduledDeletionDate,
  ]);
}

/** Opens a deactivated organization again, deletion date cleared; false if it was open. */
export function setRealmReactivated(sql: Sql): boolean {
  return (
    sql.run(
      'UPDATE realm SET deactivated = 0, scheduled_deletion_date = NULL WHERE id = 1 AND deactivated = 1',
    ).changes > 0
  );
}
