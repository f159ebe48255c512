import { chmod, open, rename } from 'node:fs/promises';

/**
 * Writes `text` to `path` whole or not at all: a reader, or a host started
 * after a crash, finds the old file or the complete new one, never a part.
 */
export async function writeFileAtomically(path: string, text: string, mode: number): Promise<void> {
  const temporary = `${path}.new`;
  const handle = await open(temporary, 'w', mode);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // The mode open() was given is narrowed by the umask; the file's is ours to set.
  await chmod(temporary, mode);
  await rename(temporary, path);
}
