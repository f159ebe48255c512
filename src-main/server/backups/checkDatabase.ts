import Database from 'better-sqlite3';

/**
 * SQLite's `integrity_check` of the database file at `path`, opened read-only:
 * null when it holds, else what SQLite found.
 */
export function integrityProblem(path: string): string | null {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const found = rows.map((row) => row.integrity_check);
    return found.length === 1 && found[0] === 'ok' ? null : found.join('; ');
  } finally {
    db.close();
  }
}
