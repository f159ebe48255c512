import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';

/**
 * Writes the value whole to a temporary file, readable by this user alone, and
 * renames it over the old one, so a crash leaves either the old file or the
 * new, never half of one.
 */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file's JSON; undefined when there is no file, `invalidJson` when it does not parse. */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidJson;
  }
}

export const invalidJson = Symbol('invalid JSON');

/**
 * Renames a file that could not be read to a name of its own beside it, so
 * that the next write does not replace it: what it held may still be worth
 * reading, by its owner or a bug report. Returns the new name.
 */
export async function setAsideDamaged(file: string, now = Date.now()): Promise<string> {
  const aside = `${file}.corrupt-${now}`;
  await rename(file, aside);
  return aside;
}
