import type { Sql } from './sql';

export function clientIdFor(sql: Sql, name: string): number {
  const existing = sql.get<{ id: number }>('SELECT id FROM clients WHERE name = ?', [name]);
  return existing?.id ?? sql.run('INSERT INTO clients (name) VALUES (?)', [name]).lastInsertRowid;
}
