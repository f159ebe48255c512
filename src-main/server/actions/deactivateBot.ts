import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { accessBotById, checkMayManageBots } from './botAccess';
import { deactivateAccount } from './userAdmin';

/**
 * Zulip's deactivate_bot_backend: the bot's key stops working, everyone gets
 * a realm_user `update` of is_active and whoever sees the bot a realm_bot
 * `update` (feature level 222; it stays listed, inactive). A bot that is
 * already deactivated is left as it is.
 */
export function deactivateBot(services: Services, actor: UserRow, botId: number): void {
  checkMayManageBots(actor);
  const bot = accessBotById(services.sql, actor, botId);
  deactivateAccount(services, bot);
}
