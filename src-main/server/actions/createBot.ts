import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamByName } from '../queries/streamAccess';
import type { Services } from '../services';
import { toWireUser } from '../shape/users';
import {
  activeUserWithFullName,
  botById,
  BotType,
  setBotDefaults,
  type BotRow,
} from '../store/bots';
import { insertBotService, ServiceInterface } from '../store/botServices';
import { startWithRealmLanguage } from '../store/displaySettings';
import { insertRecipient, RecipientType } from '../store/recipients';
import { insertSubscription } from '../store/subscriptions';
import { activeUserIds, insertUser, Role, userByEmail, type UserRow } from '../store/users';
import {
  botEventRecipients,
  checkBotCreationPolicy,
  checkMayManageBots,
  realmBotOf,
} from './botAccess';
import { botEmail } from './botEmail';
import { newApiKey } from './secrets';
import { announceSystemGroupMembership } from './userGroups';
import { isValidUrl } from './urlValidation';
import { checkNameUnique } from './uniqueNames';
import { checkFullName } from './validate';

export interface CreateBotRequest {
  fullName: string;
  shortName: string;
  botType: number;
  defaultSendingStream?: string | undefined;
  defaultEventsRegisterStream?: string | undefined;
  defaultAllPublicStreams?: boolean | undefined;
  /** An outgoing-webhook bot's URL; Zulip stores '' when none is given. */
  payloadUrl?: string | undefined;
  /** Zulip's Service interface: 1 its own format, 2 Slack's. */
  interfaceType?: number | undefined;
}

/** A request that passed every check, ready to be stored. */
export interface CheckedBot {
  email: string;
  fullName: string;
  botType: number;
  sendingStreamId: number | null;
  eventsRegisterStreamId: number | null;
  allPublicStreams: boolean;
  service: { name: string; baseUrl: string; interface: number } | null;
}

// Zulip 7.0's check_valid_bot_type, with embedded bots turned off as a Zulip
// server has them unless its administrator enables them.
function checkBotType(botType: number): void {
  if (botType === BotType.embedded) throw errors.badRequest('Embedded bots are not enabled.');
  const offered: readonly number[] = [
    BotType.generic,
    BotType.incomingWebhook,
    BotType.outgoingWebhook,
  ];
  if (!offered.includes(botType)) throw errors.badRequest('Invalid bot type');
}

// Zulip's check_valid_interface_type.
export function checkInterfaceType(interfaceType: number): void {
  const allowed: readonly number[] = [ServiceInterface.generic, ServiceInterface.slack];
  if (!allowed.includes(interfaceType)) throw errors.badRequest('Invalid interface type');
}

/** Zulip's check_url for an outgoing-webhook bot's URL parameter. */
export function checkPayloadUrl(name: string, url: string): string {
  if (!isValidUrl(url)) throw errors.badRequest(`${name} is not a URL`);
  return url;
}

// Zulip's check_bot_name_available: no two active users answer to one name.
export function checkBotNameAvailable(services: Services, fullName: string): void {
  if (activeUserWithFullName(services.sql, fullName)) {
    throw errors.badRequest('Name is already in use!');
  }
}

/** Zulip's add_bot_backend checks, in its order, before anything is stored. */
export function checkNewBot(
  services: Services,
  owner: UserRow,
  request: CreateBotRequest,
): CheckedBot {
  const { sql } = services;
  checkMayManageBots(owner);
  const email = botEmail(request.shortName, services.realmUri());
  const fullName = checkFullName(request.fullName);
  checkNameUnique(sql, fullName);
  if (userByEmail(sql, email)) throw errors.badRequest('Username already in use');
  checkBotNameAvailable(services, fullName);
  checkBotCreationPolicy(sql, owner, request.botType);
  checkBotType(request.botType);
  const interfaceType = request.interfaceType ?? ServiceInterface.generic;
  checkInterfaceType(interfaceType);
  const payloadUrl =
    request.payloadUrl === undefined ? '' : checkPayloadUrl('payload_url', request.payloadUrl);
  const sendingStream =
    request.defaultSendingStream === undefined
      ? null
      : accessStreamByName(sql, owner, request.defaultSendingStream);
  const eventsStream =
    request.defaultEventsRegisterStream === undefined
      ? null
      : accessStreamByName(sql, owner, request.defaultEventsRegisterStream);
  return {
    email,
    fullName,
    botType: request.botType,
    sendingStreamId: sendingStream?.id ?? null,
    eventsRegisterStreamId: eventsStream?.id ?? null,
    allPublicStreams: request.defaultAllPublicStreams ?? false,
    // Zulip names the service after the bot's short name.
    service:
      request.botType === BotType.outgoingWebhook
        ? { name: request.shortName, baseUrl: payloadUrl, interface: interfaceType }
        : null,
  };
}

/** Zulip's do_create_user for a checked bot: the bot, its service, its events, owned by `owner`. */
export function createBot(services: Services, owner: UserRow, checked: CheckedBot): BotRow {
  const { sql } = services;
  const bot = sql.transaction(() => {
    // Another request may have taken the name or email since the checks.
    if (userByEmail(sql, checked.email)) throw errors.badRequest('Username already in use');
    checkBotNameAvailable(services, checked.fullName);
    const id = insertUser(sql, {
      email: checked.email,
      fullName: checked.fullName,
      role: Role.member,
      apiKey: newApiKey(),
      passwordHash: null,
      dateJoined: Math.floor(Date.now() / 1000),
      isBot: true,
      botType: checked.botType,
      botOwnerId: owner.id,
    });
    // Like every user, a bot is addressed through its own personal recipient;
    // unlike a human it joins no default streams.
    const recipientId = insertRecipient(sql, RecipientType.personal, id);
    insertSubscription(sql, { userId: id, recipientId, color: '' });
    startWithRealmLanguage(sql, id);
    setBotDefaults(sql, id, {
      sendingStreamId: checked.sendingStreamId,
      eventsRegisterStreamId: checked.eventsRegisterStreamId,
      allPublicStreams: checked.allPublicStreams,
    });
    if (checked.service) {
      insertBotService(sql, { botId: id, ...checked.service, token: newApiKey() });
    }
    const created = botById(sql, id);
    if (!created) throw new Error('bot vanished inside its own transaction');
    return created;
  });

  services.queues.notify(
    plainNotice('realm_user', { op: 'add', person: toWireUser(bot, { clientGravatar: false }) }),
    activeUserIds(sql),
  );
  announceSystemGroupMembership(services, bot);
  services.queues.notify(
    plainNotice('realm_bot', { op: 'add', bot: realmBotOf(sql, bot) }),
    botEventRecipients(sql, bot),
  );
  return bot;
}
