import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import { restorePaths, suffixes } from './restorePaths';

const markerSchema = z.object({ replacedPath: z.string().min(1), backupPath: z.string().min(1) });

/** What a start found of a restore a kill or a crash cut short. */
export type InterruptedRestore =
  { kind: 'finished'; replacedPath: string; backupPath: string } | { kind: 'dropped' } | null;

/**
 * Ends a restore that was cut short, before the database opens, so that it
 * is either done or never begun, and says which in the host's log: with its
 * marker written, the copy was whole and checked, so the database's files
 * still in place move aside and the copy takes their place; without, the
 * copy is dropped and the database is as it was. Null when no restore was
 * under way.
 */
export async function endInterruptedRestore(
  databasePath: string,
  log: (line: string) => void,
): Promise<InterruptedRestore> {
  const found = await endRestore(databasePath);
  if (found?.kind === 'finished') {
    log(
      `a restore was cut short; it is finished now: the backup is in place, and the database it replaced is ${found.replacedPath}`,
    );
  } else if (found?.kind === 'dropped') {
    log('a restore was cut short before it replaced the database, which is as it was');
  }
  return found;
}

async function endRestore(databasePath: string): Promise<InterruptedRestore> {
  const { restoring, marker } = restorePaths(databasePath);
  await rm(`${marker}.new`, { force: true });
  if (existsSync(marker)) {
    const { replacedPath, backupPath } = markerSchema.parse(
      JSON.parse(await readFile(marker, 'utf8')),
    );
    // Once the copy has taken the database's name, every old file had moved aside.
    if (existsSync(restoring)) {
      for (const suffix of suffixes) {
        if (existsSync(`${databasePath}${suffix}`)) {
          await rename(`${databasePath}${suffix}`, `${replacedPath}${suffix}`);
        }
      }
      await rename(restoring, databasePath);
    }
    await rm(marker);
    return { kind: 'finished', replacedPath, backupPath };
  }
  if (!suffixes.some((suffix) => existsSync(`${restoring}${suffix}`))) return null;
  for (const suffix of suffixes) await rm(`${restoring}${suffix}`, { force: true });
  return { kind: 'dropped' };
}
