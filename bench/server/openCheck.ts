import { open } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { quickCheckProblem } from '../../src-main/server/backups/checkDatabase';
import { median } from './percentiles';
import { ms, type Row } from './report';

/** Issue 55, point 2: the check the host runs on its database before serving it. */
export interface OpenCheck {
  /** The median time of SQLite's quick_check over the whole database. */
  checkMs: number;
  /** The median time of reading the file whole, start to end: the floor of reading every page. */
  readMs: number;
  pages: number;
  bytes: number;
}

async function readWhole(path: string): Promise<number> {
  const file = await open(path, 'r');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  let total = 0;
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, total);
      if (bytesRead === 0) return total;
      total += bytesRead;
    }
  } finally {
    await file.close();
  }
}

/**
 * Times quick_check on `database` against reading it whole, in alternating
 * runs. Both read what the OS has cached since the database was copied: the
 * figure is what the check costs beyond the disk, which a laptop's cold
 * start adds to both alike.
 */
export async function measureOpenCheck(database: string, runs: number): Promise<OpenCheck> {
  const db = new Database(database, { readonly: true, fileMustExist: true });
  const pages = db.pragma('page_count', { simple: true }) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const checks: number[] = [];
  const reads: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    bytes = await readWhole(database);
    reads.push(performance.now() - started);
    started = performance.now();
    const problem = quickCheckProblem(database);
    checks.push(performance.now() - started);
    if (problem !== null) throw new Error(`the benchmark's database fails quick_check: ${problem}`);
  }
  if (bytes < pages * pageSize) {
    throw new Error(`read ${bytes} bytes of a database of ${pages} pages of ${pageSize}`);
  }
  return { checkMs: median(checks), readMs: median(reads), pages, bytes };
}

// The page count stays out of the figure's name: earlier runs' writes grow
// the file, and runs are compared by name (bench:compare).
export const openCheckRow = (check: OpenCheck, messages: number): Row => ({
  figure: `quick_check before serving, ${messages.toLocaleString('en')} messages`,
  value: ms(check.checkMs),
  ceiling: `${ms(check.readMs)} reading the file whole (${check.pages.toLocaleString('en')} pages)`,
  ratio: check.checkMs / check.readMs,
});
