import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { accessBotById, checkMayManageBots } from './botAccess';
import { deactivateAccount } from './userAdmin';

/**
 * Zulip's deactivate_bot_backend: the bot's key stops working and everyone
 * gets a realm_user `update` of is_active (feature level 222). It stays in
 * `realm_bots`, which since Zulip 12 (feature level 474) says nothing of its
 * activity, so no realm_bot event. A bot already deactivated is left as it is.
 */
export function deactivateBot(services: Services, actor: UserRow, botId: number): void {
  checkMayManageBots(actor);
  const bot = accessBotById(services.sql, actor, botId);
  deactivateAccount(services, bot);
}
