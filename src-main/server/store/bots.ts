import type { Sql } from './sql';
import type { UserRow } from './users';

// Zulip's UserProfile bot types; Hearth creates the first two.
export const BotType = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3, embedded: 4 } as const;

/** A bot's user row with the settings migration 008 added. */
export interface BotRow extends UserRow {
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  default_all_public_streams: number;
  last_reminder: number | null;
}

export function botById(sql: Sql, id: number): BotRow | undefined {
  return sql.get<BotRow>('SELECT * FROM users WHERE id = ? AND is_bot = 1 AND is_system_bot = 0', [
    id,
  ]);
}

/** Every bot of the organization, deactivated ones included, as Zulip lists them to admins. */
export function allBots(sql: Sql): BotRow[] {
  return sql.all<BotRow>('SELECT * FROM users WHERE is_bot = 1 AND is_system_bot = 0 ORDER BY id');
}

export function botsOwnedBy(sql: Sql, ownerId: number): BotRow[] {
  return sql.all<BotRow>('SELECT * FROM users WHERE is_bot = 1 AND bot_owner_id = ? ORDER BY id', [
    ownerId,
  ]);
}

export function humanAdminIds(sql: Sql, maxRole: number): number[] {
  return sql
    .all<{ id: number }>(
      'SELECT id FROM users WHERE is_active = 1 AND is_bot = 0 AND role <= ? ORDER BY id',
      [maxRole],
    )
    .map((row) => row.id);
}

export function userByApiKey(sql: Sql, apiKey: string): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE api_key = ? AND is_system_bot = 0', [apiKey]);
}

export interface BotDefaults {
  sendingStreamId: number | null;
  eventsRegisterStreamId: number | null;
  allPublicStreams: boolean;
}

export function setBotDefaults(sql: Sql, botId: number, defaults: BotDefaults): void {
  sql.run(
    `UPDATE users SET default_sending_stream_id = :sendingStreamId,
       default_events_register_stream_id = :eventsRegisterStreamId,
       default_all_public_streams = :allPublicStreams
     WHERE id = :botId`,
    {
      botId,
      sendingStreamId: defaults.sendingStreamId,
      eventsRegisterStreamId: defaults.eventsRegisterStreamId,
      allPublicStreams: defaults.allPublicStreams ? 1 : 0,
    },
  );
}

export function setApiKey(sql: Sql, userId: number, apiKey: string): void {
  sql.run('UPDATE users SET api_key = ? WHERE id = ?', [apiKey, userId]);
}

/** A bot's email is its only one: Zulip API email and delivery email alike. */
export function setBotEmail(sql: Sql, botId: number, email: string): void {
  sql.run('UPDATE users SET email = ? WHERE id = ? AND is_bot = 1', [email, botId]);
}

export function setBotOwner(sql: Sql, botId: number, ownerId: number): void {
  sql.run('UPDATE users SET bot_owner_id = ? WHERE id = ?', [ownerId, botId]);
}

export function setLastReminder(sql: Sql, userId: number, at: number): void {
  sql.run('UPDATE users SET last_reminder = ? WHERE id = ?', [at, userId]);
}

export function activeUserWithFullName(sql: Sql, fullName: string): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE is_active = 1 AND full_name = ? LIMIT 1', [
    fullName,
  ]);
}
