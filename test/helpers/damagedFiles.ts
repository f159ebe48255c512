import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/** The page a table or index of a closed SQLite file starts at, and the file's page size. */
export function rootPageOf(file: string, name: string): { page: number; size: number } {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as
      { rootpage: number } | undefined;
    if (!row) throw new Error(`${file} has no ${name}`);
    return { page: row.rootpage, size: db.pragma('page_size', { simple: true }) as number };
  } finally {
    db.close();
  }
}

/** Overwrites the page `name` starts at with bytes no page holds, as a failing disk sector would. */
export function damagePageOf(file: string, name: string): void {
  const { page, size } = rootPageOf(file, name);
  const bytes = readFileSync(file);
  bytes.fill(0xa5, (page - 1) * size, page * size);
  writeFileSync(file, bytes);
}
