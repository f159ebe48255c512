import type { Database, Statement } from 'better-sqlite3';

/**
 * The cache's one connection, with every statement prepared once: the window
 * reads the same few shapes of query over and over, and an event burst runs
 * the same inserts per message.
 */
export class CacheDb {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();
  // One wrapper for every transaction, as the host's Sql keeps: better-sqlite3
  // builds five functions for each it is asked to make, and a catch-up or an
  // event burst asks once per page or batch.
  readonly #inTransaction: (work: () => unknown) => unknown;

  constructor(db: Database) {
    this.#db = db;
    this.#inTransaction = db.transaction((work: () => unknown) => work());
  }

  statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  run(sql: string, ...params: unknown[]): number {
    return this.statement(sql).run(...params).changes;
  }

  /**
   * Runs `work` in one transaction; nested calls join the outer one. They take
   * no savepoint: no cache code catches an error inside a transaction, so a
   * failure undoes the whole outer one anyway, and a savepoint made SQLite copy
   * every page a stored page of messages touched into a journal of its own,
   * a tenth of the store's time.
   */
  transaction<T>(work: () => T): T {
    if (this.#db.inTransaction) return work();
    return this.#inTransaction(work) as T;
  }

  /** Copies what the write-ahead log holds into the file, without waiting for readers. */
  checkpoint(): void {
    this.#db.pragma('wal_checkpoint(PASSIVE)');
  }

  /** The statements held prepared, for what the connection costs. */
  get statementCount(): number {
    return this.#statements.size;
  }

  /** Asks SQLite to free what it can of this connection's page cache; the allocator may keep the memory. */
  releaseMemory(): void {
    this.#db.pragma('shrink_memory');
  }

  close(): void {
    this.#db.close();
  }
}
