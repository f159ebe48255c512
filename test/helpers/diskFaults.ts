import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
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

/**
 * Mounts a tmpfs of `megabytes` on `dir`: a disk of its own for a test to
 * fill. Mounting takes root, which the tests have here and in CI; without it
 * the test fails, saying so, rather than skip what it proves.
 */
export function mountSmallDisk(dir: string, megabytes: number): void {
  if (process.getuid?.() !== 0) {
    throw new Error("this test mounts a small disk of its own: run it as root (CI's tests do)");
  }
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
}

export function unmountDisk(dir: string): void {
  execFileSync('umount', [dir]);
}

/** Writes `file` until its disk refuses another byte. */
export function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x20);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}
