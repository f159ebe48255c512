import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { asError } from '../errors';
import { Checkpointer } from './checkpointer';
import { applyMigrations } from './migrate';
import { isDamage, isDiskFull } from './storageFaults';

/** A WAL file grown past this (by a burst of writes) is cut back to it when the WAL starts over. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
// SQLite's own checkpoint runs in the writer, after a commit, once the WAL
// holds this many pages; it ends with an fsync of the database, which this
// machine's disk takes tens of milliseconds over. At SQLite's 1,000 pages it
// ran every second of a steady 100 sends a second, beside the checkpoint
// thread that had already copied the pages: the sends' p99 went from 7.4 ms
// to 17–23 ms. The thread keeps the WAL well below this; the writer steps in
// only when a burst outruns it.
const WRITER_CHECKPOINT_PAGES = 10_000;

const WRITTEN_TABLE =
  /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+"?(\w+)/i;

/** The one table a plain INSERT, UPDATE or DELETE writes; null for any other statement. */
function writtenTableOf(source: string): string | null {
  return WRITTEN_TABLE.exec(source)?.[1]?.toLowerCase() ?? null;
}

function rememberIn<T>(held: Map<string, unknown>, key: string, read: () => T): T {
  if (held.has(key)) return held.get(key) as T;
  const value = read();
  held.set(key, value);
  return value;
}

export type SqlParams = object | readonly unknown[];

/** What grouped work hears once its group is over: its result, or the error that undid it. */
export type GroupOutcome<T> = (outcome: T | Error) => void;

interface GroupedWork {
  work: () => unknown;
  done: GroupOutcome<unknown>;
}

/** How long a group's stores may run before the rest wait for a group of their own. */
const GROUP_STORE_MS = 5;

export interface SqlOptions {
  slowQueryMs?: number;
  logSlow?: (line: string) => void;
  /** SQLite found the file damaged, the first time it says so: nothing more should be served from it. */
  onDamage?: (error: Error) => void;
  /**
   * The disk is full (a write failed for it: true), or writes go on again (a
   * commit succeeded since: false); each time it changes.
   */
  onDiskFull?: (full: boolean) => void;
  /**
   * Runs a group's commit once the turn that grouped it is over; by default
   * in the turn's check phase. The host hands it to its turn budget, so that
   * a group's commit, and the deliveries after it, count against the time a
   * turn may take like the requests it answers.
   */
  scheduleGroup?: (commit: () => void) => void;
  /**
   * How long a group's stores may run before the rest wait for a group of
   * their own; GROUP_STORE_MS unless given (a test of one group's commit, on
   * a loaded machine, gives it room).
   */
  groupStoreMs?: number;
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
  /** What `rememberFrom` holds, by the tables it was read from (their names joined). */
  private readonly rememberedFrom = new Map<string, Map<string, unknown>>();
  /** The same holders, listed under each table they were read from. */
  private readonly holdersOf = new Map<string, Map<string, unknown>[]>();
  /** The table each writing statement writes; null where it may write any. */
  private readonly writtenTables = new Map<Statement, string | null>();
  // One wrapper for every transaction: better-sqlite3 builds five functions
  // for each it is asked to make, 0.7% of the host's time when sends saturate
  // it. It nests as any of its transactions does, by savepoint.
  private readonly inTransaction: (work: () => unknown) => unknown;
  private readonly slowQueryMs: number;
  private readonly logSlow: (line: string) => void;
  /** The work `grouped` was handed this turn, committed together once the turn is over. */
  private readonly group: GroupedWork[] = [];
  private readonly scheduleGroup: (commit: () => void) => void;
  private readonly groupStoreMs: number;
  private readonly onDamage: (error: Error) => void;
  private damaged = false;
  private readonly onDiskFull: (full: boolean) => void;
  private diskFull = false;

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
    this.scheduleGroup = options.scheduleGroup ?? setImmediate;
    this.groupStoreMs = options.groupStoreMs ?? GROUP_STORE_MS;
    this.onDamage = options.onDamage ?? (() => undefined);
    this.onDiskFull = options.onDiskFull ?? (() => undefined);
    applyMigrations(this.db);
    this.inTransaction = this.db.transaction((work: () => unknown) => work());
    this.db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    this.db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
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
    return rememberIn(this.remembered, key, read);
  }

  /**
   * What `read` returns from `tables` alone, reused until a statement here
   * writes one of them or a transaction rolls back: for tables read on every
   * request and written seldom, which `remember` would read again after
   * every send. Sound as `remember` is, and for tables that no trigger or
   * foreign-key action writes, since those writes are not seen here.
   */
  rememberFrom<T>(tables: string | readonly string[], key: string, read: () => T): T {
    const names = typeof tables === 'string' ? [tables] : tables;
    const joined = names.join(' ');
    let held = this.rememberedFrom.get(joined);
    if (!held) {
      held = new Map();
      this.rememberedFrom.set(joined, held);
      for (const table of names) {
        const holders = this.holdersOf.get(table);
        if (holders) holders.push(held);
        else this.holdersOf.set(table, [held]);
      }
    }
    return rememberIn(held, key, read);
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
    let result: T;
    try {
      result = this.inTransaction(work) as T;
    } catch (error) {
      // A read inside the transaction may have seen the rows it rolled back.
      this.remembered.clear();
      this.forgetAllFrom();
      this.noteFailure(error);
      throw error;
    }
    if (this.diskFull && !this.db.inTransaction) this.setDiskFull(false);
    return result;
  }

  /**
   * Runs `work` once this turn of the event loop is over, in one transaction
   * with the other work grouped in the same turn (as much as fits in
   * `groupStoreMs`; the rest makes the next group), each under a savepoint
   * of its own: a failing one is undone alone. `done` hears each one's result
   * once the transaction has committed, in the order they were grouped, or
   * the error that undid it (its own, or the commit's). A commit writes every
   * page the transaction touched to the WAL, and a send to a stream touches a
   * page of each subscriber's messages: sends arriving together share those
   * pages and one commit, where each alone wrote them all again. Nothing runs
   * before the turn is over, so no other request reads what may yet be undone.
   */
  grouped<T>(work: () => T, done: GroupOutcome<T>): void {
    if (this.group.length === 0) this.scheduleGroup(() => this.commitGroup());
    this.group.push({ work, done: done as GroupOutcome<unknown> });
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
    while (this.group.length > 0) this.commitGroup();
    this.checkpointer.stop();
    this.db.close();
  }

  private commitGroup(): void {
    if (this.group.length === 0) return;
    const started = performance.now();
    const outcomes: unknown[] = [];
    try {
      this.transaction(() => {
        // Sends arriving by the hundred would hold the event loop for as long
        // as they all take: what does not fit in a group's time waits for the next.
        for (const { work } of this.group) {
          if (outcomes.length > 0 && performance.now() - started >= this.groupStoreMs) break;
          // SQLite may roll the whole transaction back by itself (a full
          // disk): the next work would begin a transaction of its own and
          // commit, where the group's failing commit would then call it
          // undone. What is left waits for the next group.
          if (outcomes.length > 0 && !this.db.inTransaction) break;
          try {
            outcomes.push(this.transaction(work));
          } catch (error) {
            outcomes.push(asError(error));
          }
        }
      });
    } catch (error) {
      const failure = asError(error);
      outcomes.forEach((outcome, index) => {
        if (!(outcome instanceof Error)) outcomes[index] = failure;
      });
    }
    const group = this.group.splice(0, outcomes.length);
    if (this.group.length > 0) this.scheduleGroup(() => this.commitGroup());
    group.forEach(({ done }, index) => done(outcomes[index]));
  }

  /** Drops what `remember` holds, and what `rememberFrom` holds of the table `statement` writes. */
  private forgetWritten(statement: Statement): void {
    this.writes += 1;
    let table = this.writtenTables.get(statement);
    if (table === undefined) {
      table = writtenTableOf(statement.source);
      this.writtenTables.set(statement, table);
    }
    if (table === null) this.forgetAllFrom();
    else this.holdersOf.get(table)?.forEach((held) => held.clear());
  }

  private forgetAllFrom(): void {
    this.rememberedFrom.forEach((held) => held.clear());
  }

  private noteFailure(error: unknown): void {
    if (isDiskFull(error)) {
      if (!this.diskFull) this.setDiskFull(true);
      return;
    }
    if (this.damaged || !isDamage(error)) return;
    this.damaged = true;
    this.onDamage(asError(error));
  }

  private setDiskFull(full: boolean): void {
    this.diskFull = full;
    this.onDiskFull(full);
  }

  private timed<T>(sql: string, use: (statement: Statement) => T): T {
    let statement = this.statements.get(sql);
    let started: number;
    let result: T;
    try {
      if (!statement) {
        statement = this.db.prepare(sql);
        this.statements.set(sql, statement);
      }
      if (!statement.readonly) this.forgetWritten(statement);
      started = performance.now();
      result = use(statement);
    } catch (error) {
      this.noteFailure(error);
      throw error;
    }
    // A write in no transaction commits by itself: the disk took it.
    if (this.diskFull && !statement.readonly && !this.db.inTransaction) this.setDiskFull(false);
    const elapsed = performance.now() - started;
    if (elapsed >= this.slowQueryMs) {
      this.logSlow(`slow query (${elapsed.toFixed(1)} ms): ${sql.replace(/\s+/g, ' ').trim()}`);
    }
    return result;
  }
}
