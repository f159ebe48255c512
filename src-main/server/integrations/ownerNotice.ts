import { sendMessage } from '../actions/sendMessage';
import type { Services } from '../services';
import { botById, setLastReminder } from '../store/bots';
import { userById, type UserRow } from '../store/users';

// Zulip's BOT_OWNER_STREAM_ALERT_WAITPERIOD: one notice a minute at most, so
// that a misconfigured service cannot flood its owner.
const waitSeconds = 60;

/**
 * Zulip's send_rate_limited_pm_notification_to_bot_owner. Zulip sends it from
 * its Notification Bot; Hearth has no system bots, so the bot itself writes
 * to its owner, which also shows the owner which bot is misconfigured.
 */
export function notifyBotOwner(services: Services, sender: UserRow, content: string): void {
  const { sql } = services;
  const bot = botById(sql, sender.id);
  if (!bot || bot.bot_owner_id === null) return;
  const owner = userById(sql, bot.bot_owner_id);
  if (!owner || owner.is_active !== 1) return;
  const now = Math.floor(Date.now() / 1000);
  if (bot.last_reminder !== null && now - bot.last_reminder <= waitSeconds) return;
  setLastReminder(sql, bot.id, now);
  sendMessage(services, bot, {
    destination: { type: 'private', to: [owner.id] },
    content,
    clientName: 'Hearth',
  });
}
