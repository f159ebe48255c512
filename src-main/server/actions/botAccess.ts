import type { RealmBot } from '../../wire';
import { errors } from '../errors';
import { toRealmBot, type StreamNamer } from '../shape/bots';
import { allBots, botById, botsOwnedBy, BotType, humanAdminIds, type BotRow } from '../store/bots';
import { botServices } from '../store/botServices';
import type { Sql } from '../store/sql';
import { streamById } from '../store/streams';
import { Role, type UserRow } from '../store/users';
import { mayInRealm } from './groupPermission';

// Zulip's require_member_or_admin, which guards every /bots endpoint.
export function checkMayManageBots(user: UserRow): void {
  if (user.role === Role.guest) throw errors.badRequest('Not allowed for guest users');
  if (user.is_bot === 1) throw errors.badRequest('This endpoint does not accept bot requests.');
}

// Zulip's access_bot_by_id: a bot is administered by its owner and by the
// organization's administrators.
export function accessBotById(sql: Sql, user: UserRow, botId: number): BotRow {
  const bot = botById(sql, botId);
  if (!bot) throw errors.badRequest('No such bot');
  if (bot.bot_owner_id !== user.id && user.role > Role.admin) {
    throw errors.badRequest('Insufficient permission');
  }
  return bot;
}

// Zulip's Realm.BOT_CREATION_* values.
export const BotCreationPolicy = { everyone: 1, limitGenericBots: 2, adminsOnly: 3 } as const;

// Zulip 10's check_can_create_bot (feature level 344): those the
// organization's can_create_bots_group names create any bot; those its
// can_create_write_only_bots_group names, incoming webhook bots.
export function checkBotCreationPolicy(sql: Sql, user: UserRow, botType: number): void {
  if (mayInRealm(sql, user, 'can_create_bots_group')) return;
  if (
    botType === BotType.incomingWebhook &&
    mayInRealm(sql, user, 'can_create_write_only_bots_group')
  ) {
    return;
  }
  throw errors.badRequest('Insufficient permission');
}

/** A bot as register's realm_bots and realm_bot add events carry it. */
export function realmBotOf(sql: Sql, bot: BotRow): RealmBot {
  return toRealmBot(bot, streamNamer(sql), botServices(sql, bot.id));
}

export function streamNamer(sql: Sql): StreamNamer {
  return (streamId) => (streamId === null ? null : (streamById(sql, streamId)?.name ?? null));
}

// Zulip's bot_owner_user_ids: realm_bot events go to the owner and the human
// administrators, unless a default stream of the bot is private, which keeps
// the bot to its owner.
export function botEventRecipients(sql: Sql, bot: BotRow): number[] {
  const isPrivate = [bot.default_sending_stream_id, bot.default_events_register_stream_id].some(
    (id) => id !== null && streamById(sql, id)?.invite_only === 1,
  );
  const owner = bot.bot_owner_id === null ? [] : [bot.bot_owner_id];
  if (isPrivate) return owner;
  return [...new Set([...owner, ...humanAdminIds(sql, Role.admin)])];
}

// Zulip's get_owned_bot_dicts: administrators see every bot of the
// organization, others the bots they own; deactivated bots stay listed.
export function realmBotsState(sql: Sql, user: UserRow): RealmBot[] {
  const bots = user.role <= Role.admin ? allBots(sql) : botsOwnedBy(sql, user.id);
  const name = streamNamer(sql);
  return bots.map((bot) => toRealmBot(bot, name, botServices(sql, bot.id)));
}
