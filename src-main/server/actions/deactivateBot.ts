import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { accessBotById, checkMayManageBots } from './botAccess';
import { deactivateAccount } from './userAdmin';

/**
 * Zulip 7.0's deactivate_bot_backend: the bot's key stops working, everyone
 * gets realm_user `remove` (clients keep it as a deactivated user) and whoever
 * sees the bot gets realm_bot `remove` (it stays listed, inactive). A bot that
 * is already deactivated is left as it is.
 */
export function deactivateBot(services: Services, actor: UserRow, botId: number): void {
  checkMayManageBots(actor);
  const bot = accessBotById(services.sql, actor, botId);
  deactivateAccount(services, bot);
}
