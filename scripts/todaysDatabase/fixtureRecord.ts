import Database from 'better-sqlite3';
import type { TestUser } from '../../test/helpers/org';
import type { KeptQueue } from './eventQueue';

export interface Account {
  id: number;
  email: string;
  apiKey: string;
  role: number;
  active: boolean;
}

/** What the test needs to sign in and find the kept queue: fixture.json. */
export interface FixtureRecord {
  schemaVersion: number;
  commit: string;
  /** Seconds since the epoch when the organization was created. */
  startedAt: number;
  password: string;
  people: Record<string, Account>;
  bots: Record<string, Account>;
  /** The token the outgoing webhook bot sends its server. */
  triageToken: string;
  eventQueue: KeptQueue;
}

export const account = (user: TestUser, role: number, active = true): Account => ({
  id: user.id,
  email: user.email,
  apiKey: user.apiKey,
  role,
  active,
});

/**
 * Every table of the stopped host's database with its number of rows, by
 * name. Read on a connection that may write, so that closing it, the last,
 * leaves no -wal or -shm file behind.
 */
export function tableRowCounts(databasePath: string): Map<string, number> {
  const db = new Database(databasePath);
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all();
    return new Map(
      tables.map(({ name }) => [
        name,
        (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
      ]),
    );
  } finally {
    db.close();
  }
}
