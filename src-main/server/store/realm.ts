import type { Sql } from './sql';

export interface RealmRow {
  name: string;
  string_id: string;
  description: string;
  date_created: number;
  demo_seeded: number;
  notifications_stream_id: number | null;
}

export function getRealm(sql: Sql): RealmRow | undefined {
  return sql.get<RealmRow>('SELECT * FROM realm WHERE id = 1');
}

export function insertRealm(sql: Sql, realm: { name: string; dateCreated: number }): void {
  sql.run(
    "INSERT INTO realm (id, name, string_id, date_created) VALUES (1, :name, '', :dateCreated)",
    realm,
  );
}

export function markDemoSeeded(sql: Sql): void {
  sql.run('UPDATE realm SET demo_seeded = 1 WHERE id = 1');
}
