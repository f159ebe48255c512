import { RecipientType } from './recipients';
import type { Sql } from './sql';

// A huddle is identified by its exact member set, as Zulip's huddle hash is.
export function huddleKey(userIds: readonly number[]): string {
  return [...new Set(userIds)].sort((a, b) => a - b).join(',');
}

export function huddleIdByKey(sql: Sql, key: string): number | undefined {
  return sql.get<{ id: number }>('SELECT id FROM huddles WHERE user_ids_key = ?', [key])?.id;
}

export function insertHuddle(sql: Sql, key: string): number {
  return sql.run('INSERT INTO huddles (user_ids_key) VALUES (?)', [key]).lastInsertRowid;
}

/**
 * The recipient of the conversation of exactly these people, once it has
 * begun. A subquery rather than a join: SQLite as better-sqlite3 builds it
 * spends about ten microseconds more on each run of the join, and a page of
 * direct messages asks this for each conversation on it.
 */
export function huddleRecipientIdByKey(sql: Sql, key: string): number | undefined {
  return sql.get<{ id: number }>(
    `SELECT id FROM recipients WHERE type = ${RecipientType.huddle}
     AND type_id = (SELECT id FROM huddles WHERE user_ids_key = ?)`,
    [key],
  )?.id;
}

/** The people of a group conversation, by ID in order; empty for one that is not there. */
export function huddleMemberIds(sql: Sql, huddleId: number): number[] {
  const key = sql.get<{ user_ids_key: string }>('SELECT user_ids_key FROM huddles WHERE id = ?', [
    huddleId,
  ])?.user_ids_key;
  return key ? key.split(',').map(Number) : [];
}
