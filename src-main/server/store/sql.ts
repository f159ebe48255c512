import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { applyMigrations } from './migrate';

export type SqlParams = object | readonly unknown[];

export interface SqlOptions {
  /** A better-sqlite3 addon built for another ABI than the running Node's (Electron's). */
  nativeBinding?: string | undefined;
  slowQueryMs?: number;
  logSlow?: (line: string) => void;
}

/**
 * The one writer connection. Every statement goes through here so that each is
 * prepared once and any slow one is logged with its duration.
 */
export class Sql {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();
  private readonly slowQueryMs: number;
  private readonly logSlow: (line: string) => void;

  constructor(path: string, options: SqlOptions = {}) {
    this.db = new Database(
      path,
      options.nativeBinding ? { nativeBinding: options.nativeBinding } : {},
    );
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.slowQueryMs = options.slowQueryMs ?? 50;
    this.logSlow = options.logSlow ?? ((line) => console.warn(line));
    applyMigrations(this.db);
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
    return this.db.transaction(work)();
  }

  close(): void {
    this.db.close();
  }

  private timed<T>(sql: string, use: (statement: Statement) => T): T {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const started = performance.now();
    const result = use(statement);
    const elapsed = performance.now() - started;
    if (elapsed >= this.slowQueryMs) {
      this.logSlow(`slow query (${elapsed.toFixed(1)} ms): ${sql.replace(/\s+/g, ' ').trim()}`);
    }
    return result;
  }
}
