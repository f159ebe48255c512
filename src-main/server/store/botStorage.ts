import type { Sql } from './sql';

export interface StoredEntry {
  key: string;
  value: string;
}

/** The bot's entries, in the order their keys were first stored. */
export function botStorageOf(sql: Sql, botId: number): StoredEntry[] {
  return sql.all<StoredEntry>(
    'SELECT key, value FROM bot_storage WHERE bot_id = ? ORDER BY rowid',
    [botId],
  );
}

// The keys travel as one JSON list, however many there are.

/** The entries of these keys that the bot has stored. */
export function botStorageEntries(sql: Sql, botId: number, keys: readonly string[]): StoredEntry[] {
  return sql.all<StoredEntry>(
    `SELECT key, value FROM bot_storage
     WHERE bot_id = ? AND key IN (SELECT value FROM json_each(?))`,
    [botId, JSON.stringify(keys)],
  );
}

/** Characters held, keys and values together, as Zulip's get_bot_storage_size counts them. */
export function botStorageSize(sql: Sql, botId: number): number {
  return (
    sql.get<{ size: number }>(
      'SELECT coalesce(sum(length(key) + length(value)), 0) AS size FROM bot_storage WHERE bot_id = ?',
      [botId],
    )?.size ?? 0
  );
}

export function putBotStorage(sql: Sql, botId: number, entry: StoredEntry): void {
  sql.run(
    `INSERT INTO bot_storage (bot_id, key, value) VALUES (:botId, :key, :value)
     ON CONFLICT (bot_id, key) DO UPDATE SET value = excluded.value`,
    { botId, ...entry },
  );
}

export function deleteBotStorage(sql: Sql, botId: number, keys: readonly string[]): void {
  sql.run('DELETE FROM bot_storage WHERE bot_id = ? AND key IN (SELECT value FROM json_each(?))', [
    botId,
    JSON.stringify(keys),
  ]);
}
