import { join } from 'node:path';

export const databaseFileOf = (dataDir: string) => join(dataDir, 'hearth.sqlite3');

/** `<data-dir>/exports/zulip-export-<UTC time>`, the folder an export goes to unless told. */
export function newExportDir(dataDir: string, at: Date = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return join(dataDir, 'exports', `zulip-export-${stamp}`);
}
