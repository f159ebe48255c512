import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Sql } from '../store/sql';
import { backupName, listBackups, pruneBackups, type BackupFile } from './backupFiles';
import { saidOfFullDisk } from '../store/storageFaults';
import { integrityProblem } from './checkDatabase';

export interface BackupPolicy {
  /** How many backups to keep; older ones are deleted after each new one. */
  keep: number;
  /** How often one is taken while the host serves (a day); the first when the newest is that old. */
  everyMs: number;
}

const firstBackupAfterMs = 60 * 60 * 1000;

/**
 * Takes the copy out of write-ahead logging, which it has from the
 * database: a backup is one file, and reading it (its integrity check, a
 * restore) then leaves nothing beside it.
 */
function singleFile(path: string): void {
  const copy = new Database(path, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

export const defaultBackupPolicy: BackupPolicy = { keep: 7, everyMs: 24 * 60 * 60 * 1000 };

/**
 * The organization's backups, taken while the host serves: on a schedule and
 * on demand, one at a time. A copy counts only once SQLite's integrity check
 * passes on it; until then it is a partial file no list shows.
 */
export class Backups {
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #policy: BackupPolicy;

  constructor(
    private readonly sql: Sql,
    readonly dir: string,
    policy: BackupPolicy,
    private readonly log: (line: string) => void,
  ) {
    this.#policy = policy;
  }

  /** Takes a backup now, after any already under way. */
  take(): Promise<BackupFile> {
    const next = this.#chain.then(() => this.#takeOne());
    this.#chain = next.catch(() => undefined);
    return next;
  }

  list(): Promise<BackupFile[]> {
    return listBackups(this.dir);
  }

  /** Keeps the newest `keep` from now on, and prunes to it at once. */
  async setKeep(keep: number): Promise<void> {
    this.#policy = { ...this.#policy, keep };
    await pruneBackups(this.dir, keep);
  }

  /**
   * Takes a backup whenever the newest is `everyMs` old, so that a host
   * started every morning still backs up daily. A new organization's first
   * waits an hour, for something worth keeping. (A copy a kill cut short
   * was removed before the host opened its database: startFindings.ts.)
   */
  async start(): Promise<void> {
    const newest = (await this.list())[0];
    const due = newest
      ? Math.max(0, newest.takenAt + this.#policy.everyMs - Date.now())
      : Math.min(firstBackupAfterMs, this.#policy.everyMs);
    this.#schedule(due);
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Once the backup under way, if any, is done. */
  async settled(): Promise<void> {
    await this.#chain;
  }

  #schedule(inMs: number): void {
    this.#timer = setTimeout(() => {
      this.take().catch((error: unknown) => this.log(`backup failed: ${String(error)}`));
      this.#schedule(this.#policy.everyMs);
    }, inMs);
    this.#timer.unref();
  }

  async #takeOne(): Promise<BackupFile> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Names sort in the order backups were taken even after the wall clock
    // moved back: named earlier than the newest, this one would be the
    // oldest, pruned at once and never offered to restore.
    const newest = (await this.list())[0];
    const takenAt = new Date(Math.max(Date.now(), (newest?.takenAt ?? 0) + 1));
    const name = backupName(takenAt);
    const partial = join(this.dir, `.${name}.partial`);
    try {
      await this.sql.backup(partial);
      singleFile(partial);
      const problem = integrityProblem(partial);
      if (problem !== null) throw new Error(`the copy failed SQLite's integrity check: ${problem}`);
      await rename(partial, join(this.dir, name));
    } catch (error) {
      throw saidOfFullDisk(error, 'the backup was not taken; the earlier ones are kept.');
    } finally {
      for (const suffix of ['', '-journal', '-wal', '-shm']) {
        await rm(`${partial}${suffix}`, { force: true });
      }
    }
    this.log(`backed up to ${name}`);
    await pruneBackups(this.dir, this.#policy.keep);
    const file = (await this.list()).find((backup) => backup.name === name);
    if (!file) throw new Error(`the backup ${name} is gone (fewer than one kept?)`);
    return file;
  }
}
