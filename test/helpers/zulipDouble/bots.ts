import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { emit, type Context } from './context';
import { badRequest, insufficientPermission, missingArgument } from './errors';
import { holdsPermission, realmSetting } from './groups';
import type { Bot, Org, User } from './org';
import { bool, int, json, parseParams, type RawParams } from './params';
import { avatarUrl } from './render';
import { deactivate } from './deactivateUser';
import { checkFullName } from './updateSettings';

// Zulip's bot types: generic, incoming webhook, outgoing webhook, embedded.
const generic = 1;
const incomingWebhook = 2;
const outgoingWebhook = 3;
const embedded = 4;

const createSchema = z.object({
  full_name: z.string(),
  short_name: z.string(),
  bot_type: int.default(generic),
  payload_url: json(z.string()).optional(),
  interface_type: int.default(1),
  service_name: z.string().optional(),
  config_data: json(z.record(z.string(), z.string())).optional(),
  default_sending_stream: z.string().optional(),
  default_events_register_stream: z.string().optional(),
  default_all_public_streams: bool.optional(),
});

const newApiKey = () => randomBytes(24).toString('base64url').slice(0, 32);

/** A bot object as register's `realm_bots` and `realm_bot` events give it since feature level 474. */
export const botFor = (bot: Bot) => ({
  user_id: bot.userId,
  default_sending_stream: bot.defaultSendingStream,
  default_events_register_stream: bot.defaultEventsRegisterStream,
  default_all_public_streams: bot.defaultAllPublicStreams,
  services: structuredClone(bot.services),
});

/** Who may administer the bot: its owner and the organization's administrators. */
const administrators = (org: Org, bot: Bot) =>
  org.allUserIds().filter((id) => id === bot.ownerId || org.isAdmin(id));

/** Refuses a bot of that type as Zulip does: can_create_bots_group, or can_create_write_only_bots_group for incoming webhooks. */
function checkMayCreate(org: Org, userId: number, botType: number): void {
  if (![generic, incomingWebhook, outgoingWebhook, embedded].includes(botType)) {
    throw badRequest('Invalid bot type');
  }
  if (holdsPermission(org, userId, realmSetting(org, 'can_create_bots_group'))) return;
  const writeOnly = holdsPermission(
    org,
    userId,
    realmSetting(org, 'can_create_write_only_bots_group'),
  );
  if (botType === incomingWebhook && writeOnly) return;
  throw insufficientPermission();
}

/** POST /bots: a bot owned by the requester; `realm_user` `add` to everyone, `realm_bot` `add` to its administrators. */
export function createBot(context: Context, ownerId: number, raw: RawParams) {
  const { org } = context;
  const params = parseParams(createSchema, raw);
  checkMayCreate(org, ownerId, params.bot_type);
  // The server's EMBEDDED_BOTS_ENABLED is off by default.
  if (params.bot_type === embedded) throw badRequest('Embedded bots are not enabled.');
  if (params.bot_type === outgoingWebhook && params.payload_url === undefined) {
    throw missingArgument('payload_url');
  }
  const fullName = checkFullName(org, 0, params.full_name, true);
  const shortName = params.short_name.trim();
  if (shortName === '' || !/^[\w.+-]+$/.test(shortName)) throw badRequest('Bad name or username');
  const email = `${shortName}@${String(org.realm.realm_bot_domain)}`;
  if (org.userByEmail(email)) throw badRequest('Username already in use');
  for (const name of [params.default_sending_stream, params.default_events_register_stream]) {
    if (name !== undefined && !org.streamByName(name))
      throw badRequest(`Invalid channel name '${name}'`);
  }
  const user: User = {
    user_id: org.nextUserId,
    email,
    delivery_email: email,
    full_name: fullName,
    role: 400,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: true,
    bot_type: params.bot_type,
    bot_owner_id: ownerId,
    is_active: true,
    is_imported_stub: false,
    timezone: '',
    date_joined: new Date(context.now() * 1000).toISOString(),
    avatar_version: 1,
  };
  org.nextUserId += 1;
  org.users.set(user.user_id, user);
  const apiKey = newApiKey();
  org.apiKeys.set(user.user_id, apiKey);
  const bot: Bot = {
    userId: user.user_id,
    ownerId,
    botType: params.bot_type,
    services:
      params.bot_type === outgoingWebhook
        ? [{ base_url: params.payload_url, interface: params.interface_type, token: newApiKey() }]
        : [],
    defaultSendingStream: params.default_sending_stream ?? null,
    defaultEventsRegisterStream: params.default_events_register_stream ?? null,
    defaultAllPublicStreams: params.default_all_public_streams ?? false,
  };
  org.bots.set(bot.userId, bot);
  emit(context, org.allUserIds(), () => ({
    type: 'realm_user',
    op: 'add',
    person: { ...user, avatar_url: avatarUrl(org, user.user_id) },
  }));
  emit(context, administrators(org, bot), () => ({
    type: 'realm_bot',
    op: 'add',
    bot: botFor(bot),
  }));
  return {
    user_id: user.user_id,
    api_key: apiKey,
    avatar_url: avatarUrl(org, user.user_id),
    default_sending_stream: bot.defaultSendingStream,
    default_events_register_stream: bot.defaultEventsRegisterStream,
    default_all_public_streams: bot.defaultAllPublicStreams,
  };
}

/** GET /bots: the requester's active bots, by their Zulip API email. */
export function ownBots(context: Context, ownerId: number) {
  const { org } = context;
  return {
    bots: [...org.bots.values()]
      .filter((bot) => bot.ownerId === ownerId && org.isActive(bot.userId))
      .map((bot) => ({
        username: org.user(bot.userId)?.email ?? '',
        full_name: org.user(bot.userId)?.full_name ?? '',
        avatar_url: avatarUrl(org, bot.userId),
        default_sending_stream: bot.defaultSendingStream,
        default_events_register_stream: bot.defaultEventsRegisterStream,
        default_all_public_streams: bot.defaultAllPublicStreams,
        services: structuredClone(bot.services),
      })),
  };
}

/** The bot the user administers, refused as Zulip's access_bot_by_id refuses. */
function accessBot(org: Org, userId: number, botId: number): Bot {
  const bot = org.bots.get(botId);
  if (!bot) throw badRequest('No such bot');
  if (bot.ownerId !== userId && !org.isAdmin(userId)) throw insufficientPermission();
  return bot;
}

/** GET /bots/{bot_id}/api_key (feature level 463). */
export function botApiKey(context: Context, userId: number, botId: number) {
  const bot = accessBot(context.org, userId, botId);
  return { api_key: context.org.apiKeys.get(bot.userId) };
}

/** POST /bots/{bot_id}/api_key/regenerate; since feature level 474 no event says so. */
export function regenerateBotApiKey(context: Context, userId: number, botId: number) {
  const bot = accessBot(context.org, userId, botId);
  const apiKey = newApiKey();
  context.org.apiKeys.set(bot.userId, apiKey);
  return { api_key: apiKey };
}

/** DELETE /bots/{bot_id}: deactivates the bot, a `realm_user` `update` as for any user. */
export function deactivateBot(context: Context, userId: number, botId: number) {
  const bot = accessBot(context.org, userId, botId);
  if (!context.org.isActive(bot.userId)) throw badRequest('No such bot');
  deactivate(context, bot.userId);
}
