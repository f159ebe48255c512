import type { Sql } from './sql';
import type { UserRow } from './users';

/** Zulip's settings.NOTIFICATION_BOT and WELCOME_BOT, by the addresses Zulip gives them. */
export const SystemBotEmail = {
  notification: 'notification-bot@zulip.com',
  welcome: 'welcome-bot@zulip.com',
} as const;

export type SystemBotName = keyof typeof SystemBotEmail;

/** One of the system bots migration 051 made; none where a person held its address first. */
export function systemBot(sql: Sql, name: SystemBotName): UserRow | undefined {
  return sql.get<UserRow>('SELECT * FROM users WHERE email = ? AND is_system_bot = 1', [
    SystemBotEmail[name],
  ]);
}

/** Every system bot, in the order of Zulip's get_cross_realm_dicts: by full name. */
export function systemBots(sql: Sql): UserRow[] {
  return sql.all<UserRow>('SELECT * FROM users WHERE is_system_bot = 1 ORDER BY full_name');
}
