import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { setApiKey } from '../store/bots';
import type { UserRow } from '../store/users';
import { accessBotById, botEventRecipients, checkMayManageBots } from './botAccess';
import { newApiKey } from './secrets';

/** Zulip's regenerate_bot_api_key: the old key stops working at once. */
export function regenerateBotApiKey(services: Services, actor: UserRow, botId: number): string {
  const { sql } = services;
  checkMayManageBots(actor);
  const bot = accessBotById(sql, actor, botId);
  const apiKey = newApiKey();
  setApiKey(sql, bot.id, apiKey);
  services.authCache.forget(bot.id);
  services.queues.notify(
    plainNotice('realm_bot', { op: 'update', bot: { user_id: bot.id, api_key: apiKey } }),
    botEventRecipients(sql, bot),
  );
  return apiKey;
}
