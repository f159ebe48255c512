/** Whether `error` is SQLite saying a file is damaged, or no database at all. */
export function isCacheDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
  );
}

/** Whether `error` says this computer's disk is full: SQLite's SQLITE_FULL, or a file write's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}
