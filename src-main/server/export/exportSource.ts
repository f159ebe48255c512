import Database from 'better-sqlite3';
import { migrations } from '../store/migrations';

/**
 * The organization's database opened read-only, inside one read transaction:
 * under WAL every read sees the same moment while the host goes on writing,
 * so the export never mixes before and after a change.
 */
export class ExportSource {
  readonly #db: Database.Database;

  constructor(path: string) {
    this.#db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const version = this.#db.pragma('user_version', { simple: true }) as number;
      if (version !== migrations.length) {
        throw new Error(
          `the database is at schema version ${version}, this Hearth at ${migrations.length}: ` +
            'start the organization once with this Hearth (npm run serve), then export',
        );
      }
      this.#db.exec('BEGIN');
      // A deferred transaction takes its snapshot at the first read.
      this.#db.prepare('SELECT 1 FROM realm').get();
    } catch (error) {
      this.#db.close();
      throw error;
    }
  }

  all<T>(sql: string, params: readonly unknown[] = []): T[] {
    return this.#db.prepare(sql).all(...params) as T[];
  }

  get<T>(sql: string, params: readonly unknown[] = []): T | undefined {
    return this.#db.prepare(sql).get(...params) as T | undefined;
  }

  /** Rows one at a time, for tables too large to hold at once. */
  iterate<T>(sql: string, params: readonly unknown[] = []): IterableIterator<T> {
    return this.#db.prepare(sql).iterate(...params) as IterableIterator<T>;
  }

  close(): void {
    this.#db.exec('COMMIT');
    this.#db.close();
  }
}
