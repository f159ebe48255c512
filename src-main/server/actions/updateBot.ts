import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamByName } from '../queries/streamAccess';
import type { Services } from '../services';
import { avatarChangesWithName } from '../shape/avatars';
import { toServiceDict } from '../shape/bots';
import { botById, setBotDefaults, setBotEmail, setBotOwner, type BotRow } from '../store/bots';
import { botServices, ServiceInterface, setBotServiceUrl } from '../store/botServices';
import type { Sql } from '../store/sql';
import {
  activeUserIds,
  Role,
  setFullName,
  userByEmail,
  userById,
  type UserRow,
} from '../store/users';
import {
  accessBotById,
  botEventRecipients,
  checkMayManageBots,
  realmBotOf,
  streamNamer,
} from './botAccess';
import { botEmail } from './botEmail';
import { checkBotNameAvailable, checkInterfaceType, checkPayloadUrl } from './createBot';
import { announceFullName } from './changeFullName';
import { idsWhoCanAccess } from './userAccess';
import { checkNameUnique } from './uniqueNames';
import { checkFullName } from './validate';

export interface UpdateBotRequest {
  fullName?: string | undefined;
  /** The new `<short_name>` of the bot's `<short_name>-bot@<domain>` email (feature level 447). */
  shortName?: string | undefined;
  botOwnerId?: number | undefined;
  /** A stream name, or '' for none. */
  defaultSendingStream?: string | undefined;
  defaultEventsRegisterStream?: string | undefined;
  defaultAllPublicStreams?: boolean | undefined;
  /** An outgoing-webhook bot's new URL, spoken in `serviceInterface` (Zulip's default 1). */
  servicePayloadUrl?: string | undefined;
  serviceInterface?: number | undefined;
}

function reread(sql: Sql, botId: number): BotRow {
  const bot = botById(sql, botId);
  if (!bot) throw new Error(`bot ${botId} vanished`);
  return bot;
}

function defaultStream(sql: Sql, actor: UserRow, name: string | undefined, current: number | null) {
  if (name === undefined) return current;
  return name === '' ? null : accessStreamByName(sql, actor, name).id;
}

// Zulip 12's patch_bot_backend (feature level 447): the email the short name
// makes, checked as POST /bots checks it unless it is the bot's own already.
function newEmail(services: Services, bot: BotRow, shortName: string | undefined): string {
  if (shortName === undefined) return bot.email;
  const email = botEmail(shortName, services.realmUri());
  if (email !== bot.email && userByEmail(services.sql, email)) {
    throw errors.badRequest('Username already in use');
  }
  return email;
}

// Zulip's do_change_user_delivery_email for a bot, whose email everyone may
// see: its delivery email, then its API email as `new_email`. Since Zulip 12
// (feature level 474) `realm_bots` holds no email, so no realm_bot event.
function announceEmail(services: Services, bot: BotRow): void {
  const viewers = idsWhoCanAccess(services.sql, bot);
  const tell = (person: Record<string, unknown>) =>
    services.queues.notify(plainNotice('realm_user', { op: 'update', person }), viewers);
  tell({ user_id: bot.id, delivery_email: bot.email });
  tell({ user_id: bot.id, new_email: bot.email });
}

// Zulip's patch_bot_backend checks for a new owner.
function newOwner(sql: Sql, ownerId: number): UserRow {
  const owner = userById(sql, ownerId);
  if (!owner) throw errors.badRequest('Failed to change owner, no such user');
  if (owner.is_active !== 1) throw errors.badRequest('Failed to change owner, user is deactivated');
  if (owner.is_bot === 1) {
    throw errors.badRequest("Failed to change owner, bots can't own other bots");
  }
  return owner;
}

// Zulip's do_update_outgoing_webhook_service, checked: its bots have one service.
function newService(
  sql: Sql,
  bot: BotRow,
  request: UpdateBotRequest,
): { url: string; interface: number } | null {
  if (request.servicePayloadUrl === undefined) return null;
  const url = checkPayloadUrl('service_payload_url', request.servicePayloadUrl);
  const serviceInterface = request.serviceInterface ?? ServiceInterface.generic;
  checkInterfaceType(serviceInterface);
  if (botServices(sql, bot.id).length === 0) {
    throw errors.badRequest('Only an outgoing webhook bot has a URL to change');
  }
  return { url, interface: serviceInterface };
}

/**
 * Zulip's patch_bot_backend: everything is checked before anything changes,
 * then each changed setting goes out with the events Zulip sends for it.
 */
export function updateBot(
  services: Services,
  actor: UserRow,
  botId: number,
  request: UpdateBotRequest,
): BotRow {
  const { sql, queues } = services;
  checkMayManageBots(actor);
  const bot = accessBotById(sql, actor, botId);
  const fullName = request.fullName === undefined ? bot.full_name : checkFullName(request.fullName);
  // Zulip's check_change_bot_full_name quietly accepts the unchanged name.
  const renamed = fullName !== bot.full_name;
  if (renamed) {
    checkNameUnique(sql, fullName, bot.id);
    checkBotNameAvailable(services, fullName);
  }
  const email = newEmail(services, bot, request.shortName);
  const owner = request.botOwnerId === undefined ? undefined : newOwner(sql, request.botOwnerId);
  const service = newService(sql, bot, request);
  const defaults = {
    sendingStreamId: defaultStream(
      sql,
      actor,
      request.defaultSendingStream,
      bot.default_sending_stream_id,
    ),
    eventsRegisterStreamId: defaultStream(
      sql,
      actor,
      request.defaultEventsRegisterStream,
      bot.default_events_register_stream_id,
    ),
    allPublicStreams: request.defaultAllPublicStreams ?? bot.default_all_public_streams === 1,
  };

  sql.transaction(() => {
    if (renamed) setFullName(sql, bot.id, fullName, avatarChangesWithName(bot, fullName));
    if (email !== bot.email) setBotEmail(sql, bot.id, email);
    if (owner && owner.id !== bot.bot_owner_id) setBotOwner(sql, bot.id, owner.id);
    setBotDefaults(sql, bot.id, defaults);
    if (service) setBotServiceUrl(sql, bot.id, service.url, service.interface);
  });
  services.authCache.forget(bot.id);
  const updated = reread(sql, bot.id);

  const toBotViewers = (change: Record<string, unknown>) =>
    queues.notify(
      plainNotice('realm_bot', { op: 'update', bot: { user_id: bot.id, ...change } }),
      botEventRecipients(sql, updated),
    );
  if (renamed) announceFullName(services, bot, updated);
  if (email !== bot.email) announceEmail(services, updated);
  if (owner && owner.id !== bot.bot_owner_id) notifyOwnerChange(services, bot, updated, owner);
  if (service) {
    toBotViewers({ services: botServices(sql, bot.id).map(toServiceDict) });
  }
  const name = streamNamer(sql);
  if (request.defaultSendingStream !== undefined) {
    toBotViewers({ default_sending_stream: name(defaults.sendingStreamId) });
  }
  if (request.defaultEventsRegisterStream !== undefined) {
    toBotViewers({ default_events_register_stream: name(defaults.eventsRegisterStreamId) });
  }
  if (request.defaultAllPublicStreams !== undefined) {
    toBotViewers({ default_all_public_streams: defaults.allPublicStreams });
  }
  return updated;
}

// Zulip's do_change_bot_owner: a non-admin previous owner loses the bot from
// their realm_bots and a non-admin new owner gains it whole; since Zulip 12
// (feature level 474) the entry names no owner, so the others who see it hear
// of the change only through realm_user.
function notifyOwnerChange(
  services: Services,
  before: BotRow,
  updated: BotRow,
  owner: UserRow,
): void {
  const { sql, queues } = services;
  const previous = before.bot_owner_id === null ? undefined : userById(sql, before.bot_owner_id);
  if (previous && previous.role > Role.admin) {
    queues.notify(plainNotice('realm_bot', { op: 'delete', bot: { user_id: updated.id } }), [
      previous.id,
    ]);
  }
  if (owner.role > Role.admin) {
    queues.notify(plainNotice('realm_bot', { op: 'add', bot: realmBotOf(sql, updated) }), [
      owner.id,
    ]);
  }
  queues.notify(
    plainNotice('realm_user', {
      op: 'update',
      person: { user_id: updated.id, bot_owner_id: owner.id },
    }),
    activeUserIds(sql),
  );
}
