import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

// A copy's own name, and SQLite's files beside it while it is written.
const partialCopy = /^\.(.+)\.partial(-journal|-wal|-shm)?$/;

/**
 * The host writes its copies (a backup, an export) as `.<name>.partial`
 * and renames them only when whole; this removes those a kill or a crash
 * left in `dir`, and names them. Nothing else in `dir` is touched.
 */
export async function removePartialCopies(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const partial = names.filter((name) => partialCopy.test(name));
  for (const name of partial) await rm(join(dir, name), { recursive: true, force: true });
  return partial;
}

/**
 * The names the copies among `removed` would have had once whole, each
 * once: what the owner asked for, not the files SQLite kept beside it.
 */
export function copiesOf(removed: readonly string[]): string[] {
  return [...new Set(removed.map((name) => partialCopy.exec(name)?.[1] ?? name))];
}
