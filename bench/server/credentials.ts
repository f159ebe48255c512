import type Database from 'better-sqlite3';

/** A user as the load generator signs in: Zulip's HTTP Basic with email and API key. */
export interface Credentials {
  id: number;
  email: string;
  authorization: string;
}

export function credentialsOf(db: Database.Database, ids: readonly number[]): Credentials[] {
  const statement = db.prepare('SELECT email, api_key FROM users WHERE id = ?');
  return ids.map((id) => {
    const row = statement.get(id) as { email: string; api_key: string } | undefined;
    if (!row) throw new Error(`no user ${id}`);
    const token = Buffer.from(`${row.email}:${row.api_key}`).toString('base64');
    return { id, email: row.email, authorization: `Basic ${token}` };
  });
}
