// Counts the writes a process makes while an operation runs, and, told a
// number, kills the process with SIGKILL just before that write: the worst
// moment a laptop's battery or an impatient owner can choose. A write is a
// SQLite statement run, a step of SQLite's backup (a few pages each), or a
// file written, copied, renamed or removed.
import { syncBuiltinESMExports } from 'node:module';
import fs from 'node:fs';
import Database from 'better-sqlite3';

let counting = false;
let written = 0;
let killAt = Number.POSITIVE_INFINITY;

function write(): void {
  if (!counting) return;
  if (written === killAt) process.kill(process.pid, 'SIGKILL');
  written += 1;
}

type Method = (...args: never[]) => unknown;

function countCalls<T extends object>(target: T, names: readonly string[]): void {
  const methods = target as Record<string, Method>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== 'function') throw new Error(`no ${name} to count`);
    methods[name] = function counted(this: unknown, ...args: never[]) {
      write();
      return original.apply(this, args);
    };
  }
}

countCalls(fs, ['writeFileSync', 'writeSync', 'renameSync', 'copyFileSync', 'rmSync']);
countCalls(fs.promises, ['writeFile', 'rename', 'copyFile', 'rm', 'mkdir']);
// The modules that imported these names see the counted ones.
syncBuiltinESMExports();

const probe = new Database(':memory:');
countCalls(Object.getPrototypeOf(probe.prepare('SELECT 1')) as object, ['run']);
probe.close();
countCalls(Database.prototype, ['exec']);

// A backup copies a few pages a step, so that a kill can land inside it.
const backup = Database.prototype.backup;
Database.prototype.backup = function steppedBackup(
  this: Database.Database,
  destination: string,
  options?: Database.BackupOptions,
) {
  return backup.call(this, destination, {
    ...options,
    progress: () => {
      write();
      return 8;
    },
  });
};

/** Counts the writes `work` makes, killing the process before the `at`th (from 0) when given. */
export async function countingWrites(work: () => Promise<void>, at?: number): Promise<number> {
  killAt = at ?? Number.POSITIVE_INFINITY;
  written = 0;
  counting = true;
  try {
    await work();
  } finally {
    counting = false;
  }
  return written;
}
