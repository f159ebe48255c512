import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { deactivateUser } from '../store/bots';
import { activeUserIds, type UserRow } from '../store/users';
import { accessBotById, botEventRecipients, checkMayManageBots } from './botAccess';

/**
 * Zulip 7.0's deactivate_bot_backend: the bot's key stops working, everyone
 * gets realm_user `remove` (clients keep it as a deactivated user) and whoever
 * sees the bot gets realm_bot `remove` (it stays listed, inactive). A bot that
 * is already deactivated is left as it is.
 */
export function deactivateBot(services: Services, actor: UserRow, botId: number): void {
  const { sql, queues } = services;
  checkMayManageBots(actor);
  const bot = accessBotById(sql, actor, botId);
  if (bot.is_active !== 1) return;
  deactivateUser(sql, bot.id);
  services.authCache.forget(bot.id);
  const who = { user_id: bot.id, full_name: bot.full_name };
  queues.notify(plainNotice('realm_user', { op: 'remove', person: who }), activeUserIds(sql));
  queues.notify(plainNotice('realm_bot', { op: 'remove', bot: who }), botEventRecipients(sql, bot));
}
