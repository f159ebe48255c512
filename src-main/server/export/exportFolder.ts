import { join } from 'node:path';

export const databaseFileOf = (dataDir: string) => join(dataDir, 'hearth.sqlite3');

/** Where exports go, each in a folder of its own. */
export const exportsDirOf = (dataDir: string) => join(dataDir, 'exports');

/** `<data-dir>/exports/zulip-export-<UTC time>`, the folder an export goes to unless told. */
export function newExportDir(dataDir: string, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return join(exportsDirOf(dataDir), `zulip-export-${stamp}`);
}
