import type { Sql } from './sql';

// Zulip's Service.GENERIC and Service.SLACK, the interfaces a URL may speak.
export const ServiceInterface = { generic: 1, slack: 2 } as const;

export interface BotServiceRow {
  id: number;
  bot_id: number;
  name: string;
  base_url: string;
  token: string;
  interface: number;
}

export interface NewBotService {
  botId: number;
  name: string;
  baseUrl: string;
  token: string;
  interface: number;
}

export function insertBotService(sql: Sql, service: NewBotService): void {
  sql.run(
    `INSERT INTO bot_services (bot_id, name, base_url, token, interface)
     VALUES (:botId, :name, :baseUrl, :token, :interface)`,
    service,
  );
}

export function botServices(sql: Sql, botId: number): BotServiceRow[] {
  return sql.all<BotServiceRow>('SELECT * FROM bot_services WHERE bot_id = ? ORDER BY id', [botId]);
}

export function allBotServices(sql: Sql): BotServiceRow[] {
  return sql.all<BotServiceRow>('SELECT * FROM bot_services ORDER BY id');
}

/** Points every service of the bot at a new URL and interface, as Zulip's one-service bots have. */
export function setBotServiceUrl(
  sql: Sql,
  botId: number,
  baseUrl: string,
  interfaceType: number,
): void {
  sql.run('UPDATE bot_services SET base_url = ?, interface = ? WHERE bot_id = ?', [
    baseUrl,
    interfaceType,
    botId,
  ]);
}

/** Which of the users are active outgoing-webhook bots (Zulip's bot type 3). */
export function activeOutgoingBotIds(sql: Sql, userIds: readonly number[]): number[] {
  if (userIds.length === 0) return [];
  // One JSON parameter, as usersByIds reads IDs: a wildcard mention in a big
  // channel names more users than SQLite takes parameters.
  return sql
    .all<{ id: number }>(
      `SELECT id FROM users WHERE is_active = 1 AND is_bot = 1 AND bot_type = 3
       AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      [JSON.stringify(userIds)],
    )
    .map((row) => row.id);
}
