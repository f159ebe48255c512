/** A database's files: the main file and SQLite's two beside it. */
export const suffixes = ['', '-wal', '-shm'];

/**
 * Where a restore keeps its work beside the database: the backup's copy
 * being readied, and the marker that says the copy is ready and names where
 * the database it replaces goes.
 */
export const restorePaths = (databasePath: string) => ({
  restoring: `${databasePath}.restoring`,
  marker: `${databasePath}.restoring.json`,
});
