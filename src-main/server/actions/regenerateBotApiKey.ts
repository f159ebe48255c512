import type { Services } from '../services';
import { setApiKey } from '../store/bots';
import type { UserRow } from '../store/users';
import { accessBotById, checkMayManageBots } from './botAccess';
import { newApiKey } from './secrets';

/**
 * Zulip's regenerate_bot_api_key: the old key stops working at once. Since
 * Zulip 12 (feature level 474) no event carries the new one: clients ask
 * GET /bots/{bot_id}/api_key.
 */
export function regenerateBotApiKey(services: Services, actor: UserRow, botId: number): string {
  const { sql } = services;
  checkMayManageBots(actor);
  const bot = accessBotById(sql, actor, botId);
  const apiKey = newApiKey();
  setApiKey(sql, bot.id, apiKey);
  services.authCache.forget(bot.id);
  return apiKey;
}
