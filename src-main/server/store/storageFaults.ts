/** Whether `error` is SQLite saying its file is damaged, or no database at all. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
  );
}

/** Whether `error` says the disk is full: SQLite's SQLITE_FULL, or a file write's ENOSPC. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

/**
 * What the owner is told when a copy the host writes (a backup, an export)
 * did not fit: that nothing of it was kept, and what to do. Other errors
 * pass as they are.
 */
export function saidOfFullDisk(error: unknown, notKept: string): unknown {
  if (!isDiskFull(error)) return error;
  return new Error(
    `The disk holding the organization's data is full: ${notKept} Free some space, then try again.`,
    { cause: error },
  );
}

/**
 * Runs the work of a timer, which a full disk leaves for the timer's next
 * turn: what it would have written is still held in memory, and the store
 * has already told the owner the disk is full. Thrown on, such a write would
 * end the whole process. Any other error is thrown as it is.
 */
export function unlessDiskFull(work: () => void): boolean {
  try {
    work();
    return true;
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    return false;
  }
}
