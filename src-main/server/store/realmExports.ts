import type { Sql } from './sql';

/**
 * Zulip's RealmExport types, by the names the API gives them since Zulip 12
 * (feature level 449): what the organization's people let leave with it.
 */
export const exportTypes = ['public', 'full_with_consent', 'full_without_consent'] as const;
export type ExportType = (typeof exportTypes)[number];

/** Zulip's RealmExport states: requested, started, then succeeded or failed; deleted after success. */
export type RealmExportStatus = 'requested' | 'started' | 'succeeded' | 'failed' | 'deleted';

export interface RealmExportRow {
  id: number;
  export_type: ExportType;
  status: RealmExportStatus;
  acting_user_id: number | null;
  date_requested: number;
  date_started: number | null;
  date_succeeded: number | null;
  date_failed: number | null;
  date_deleted: number | null;
  export_path: string | null;
}

export function insertRealmExport(
  sql: Sql,
  row: { exportType: ExportType; actingUserId: number; dateRequested: number },
): number {
  return sql.run(
    `INSERT INTO realm_exports (export_type, status, acting_user_id, date_requested)
     VALUES (?, 'requested', ?, ?)`,
    [row.exportType, row.actingUserId, row.dateRequested],
  ).lastInsertRowid;
}

export const realmExportById = (sql: Sql, id: number) =>
  sql.get<RealmExportRow>('SELECT * FROM realm_exports WHERE id = ?', [id]);

export const realmExportRows = (sql: Sql) =>
  sql.all<RealmExportRow>('SELECT * FROM realm_exports ORDER BY id');

export const realmExportByPath = (sql: Sql, path: string) =>
  sql.get<RealmExportRow>(
    "SELECT * FROM realm_exports WHERE export_path = ? AND status = 'succeeded'",
    [path],
  );

/** Zulip counts every export requested in the window, whatever became of it. */
export const exportsRequestedSince = (sql: Sql, since: number) =>
  sql.get<{ n: number }>('SELECT count(*) AS n FROM realm_exports WHERE date_requested >= ?', [
    since,
  ])?.n ?? 0;

export const exportsWithStatus = (sql: Sql, status: RealmExportStatus) =>
  sql.all<RealmExportRow>('SELECT * FROM realm_exports WHERE status = ? ORDER BY id', [status]);

export function markExportStarted(sql: Sql, id: number, at: number): void {
  sql.run("UPDATE realm_exports SET status = 'started', date_started = ? WHERE id = ?", [at, id]);
}

export function markExportSucceeded(sql: Sql, id: number, at: number, path: string): void {
  sql.run(
    "UPDATE realm_exports SET status = 'succeeded', date_succeeded = ?, export_path = ? WHERE id = ?",
    [at, path, id],
  );
}

export function markExportFailed(sql: Sql, id: number, at: number): void {
  sql.run("UPDATE realm_exports SET status = 'failed', date_failed = ? WHERE id = ?", [at, id]);
}

export function markExportDeleted(sql: Sql, id: number, at: number): void {
  sql.run("UPDATE realm_exports SET status = 'deleted', date_deleted = ? WHERE id = ?", [at, id]);
}
