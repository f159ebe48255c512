import { chmod, mkdir } from 'node:fs/promises';

/**
 * A folder of the profile that only its owner may read, as the rest of the
 * profile: cached history and organizations' icons say who talks to whom.
 * One made by an older version with the default mode is narrowed too.
 */
export async function privateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  await chmod(path, 0o700);
}
