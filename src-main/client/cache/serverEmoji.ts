import { z } from 'zod';
import type { CacheDb } from './cacheDb';

/** Zulip's server emoji data: each Unicode code's names, the canonical one first. */
export type CodeToNames = Record<string, string[]>;

export const codeToNamesSchema = z.record(z.string(), z.array(z.string()).min(1));

export interface SavedServerEmoji {
  /** The server_emoji_data_url the names came from: a new server version names a new file. */
  url: string;
  codeToNames: CodeToNames;
}

export function saveServerEmoji(db: CacheDb, saved: SavedServerEmoji): void {
  db.run(
    'INSERT OR REPLACE INTO server_emoji (id, url, code_to_names) VALUES (1, ?, ?)',
    saved.url,
    JSON.stringify(saved.codeToNames),
  );
}

export function loadServerEmoji(db: CacheDb): SavedServerEmoji | null {
  const row = db.get<{ url: string; code_to_names: string }>(
    'SELECT url, code_to_names FROM server_emoji WHERE id = 1',
  );
  if (!row) return null;
  const parsed = codeToNamesSchema.safeParse(JSON.parse(row.code_to_names));
  return parsed.success ? { url: row.url, codeToNames: parsed.data } : null;
}
