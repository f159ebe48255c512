import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { Checkpointer } from './checkpointer';
import { applyMigrations } from './migrate';

/** A WAL file grown past this (by a burst of writes) is cut back to it when the WAL starts over. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

export type SqlParams = object | readonly unknown[];

export interface SqlOptions {
  slowQueryMs?: number;
  logSlow?: (line: string) => void;
}

/**
 * The one writer connection. Every statement goes through here so that each is
 * prepared once and any slow one is logged with its duration.
 */
export class Sql {
  private readonly db: Database.Database;
  private readonly checkpointer: Checkpointer;
  private readonly statements = new Map<string, Statement>();
  private readonly remembered = new Map<string, unknown>();
  /** Statements run that may write, so that what `remember` holds is dropped after one. */
  private writes = 0;
  private rememberedAt = 0;
  // One wrapper for every transaction: better-sqlite3 builds five functions
  // for each it is asked to make, 0.7% of the host's time when sends saturate
  // it. It nests as any of its transactions does, by savepoint.
  private readonly inTransaction: (work: () => unknown) => unknown;
  private readonly slowQueryMs: number;
  private readonly logSlow: (line: string) => void;

  constructor(path: string, options: SqlOptions = {}) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    // In WAL mode NORMAL writes each commit to the WAL without an fsync: a
    // commit outlives the process (killed or crashed, the OS still writes it
    // out), and a power cut may lose the last ones but never corrupts the
    // database. FULL would add an fsync to every send for that last case.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.slowQueryMs = options.slowQueryMs ?? 50;
    this.logSlow = options.logSlow ?? ((line) => console.warn(line));
    applyMigrations(this.db);
    this.inTransaction = this.db.transaction((work: () => unknown) => work());
    this.db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    this.checkpointer = new Checkpointer(path, (error) => {
      this.logSlow(`checkpoints fall back to commits alone: ${error.message}`);
    });
  }

  /**
   * What `read` returns, reused until a statement that may write runs here or
   * a transaction rolls back: for small reads on hot paths, where opening a
   * statement's read transaction costs more than the read. Sound because the
   * host's connection is the only writer of its database.
   */
  remember<T>(key: string, read: () => T): T {
    if (this.writes !== this.rememberedAt) {
      this.remembered.clear();
      this.rememberedAt = this.writes;
    }
    if (this.remembered.has(key)) return this.remembered.get(key) as T;
    const value = read();
    this.remembered.set(key, value);
    return value;
  }

  all<T>(sql: string, params: SqlParams = []): T[] {
    return this.timed(sql, (statement) => statement.all(params) as T[]);
  }

  get<T>(sql: string, params: SqlParams = []): T | undefined {
    return this.timed(sql, (statement) => statement.get(params) as T | undefined);
  }

  run(sql: string, params: SqlParams = []): { changes: number; lastInsertRowid: number } {
    return this.timed(sql, (statement) => {
      const result = statement.run(params);
      return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
    });
  }

  transaction<T>(work: () => T): T {
    try {
      return this.inTransaction(work) as T;
    } catch (error) {
      // A read inside the transaction may have seen the rows it rolled back.
      this.remembered.clear();
      throw error;
    }
  }

  /**
   * Copies the database to `destination` through SQLite's online backup,
   * a few pages per turn of the event loop: requests keep being answered,
   * and what they write meanwhile goes into the copy too (one connection
   * writes, so SQLite updates the copy rather than starting over).
   */
  async backup(destination: string): Promise<void> {
    await this.db.backup(destination);
  }

  close(): void {
    this.checkpointer.stop();
    this.db.close();
  }

  private timed<T>(sql: string, use: (statement: Statement) => T): T {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    if (!statement.readonly) this.writes += 1;
    const started = performance.now();
    const result = use(statement);
    const elapsed = performance.now() - started;
    if (elapsed >= this.slowQueryMs) {
      this.logSlow(`slow query (${elapsed.toFixed(1)} ms): ${sql.replace(/\s+/g, ' ').trim()}`);
    }
    return result;
  }
}
