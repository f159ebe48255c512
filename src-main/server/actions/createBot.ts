import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { accessStreamByName } from '../queries/streamAccess';
import type { Services } from '../services';
import { toRealmBot } from '../shape/bots';
import { toWireUser } from '../shape/users';
import {
  activeUserWithFullName,
  botById,
  BotType,
  setBotDefaults,
  type BotRow,
} from '../store/bots';
import { insertRecipient, RecipientType } from '../store/recipients';
import { insertSubscription } from '../store/subscriptions';
import { activeUserIds, insertUser, Role, userByEmail, type UserRow } from '../store/users';
import { botEventRecipients, checkMayManageBots, streamNamer } from './botAccess';
import { botEmail } from './botEmail';
import { newApiKey } from './secrets';
import { announceSystemGroupMembership } from './userGroups';
import { checkFullName } from './validate';

export interface CreateBotRequest {
  fullName: string;
  shortName: string;
  botType: number;
  defaultSendingStream?: string | undefined;
  defaultEventsRegisterStream?: string | undefined;
  defaultAllPublicStreams?: boolean | undefined;
}

// Zulip's check_valid_bot_type: generic and incoming-webhook bots, which any
// member may create under Zulip's default bot_creation_policy (everyone).
function checkBotType(botType: number): void {
  if (botType === BotType.generic || botType === BotType.incomingWebhook) return;
  if (botType === BotType.outgoingWebhook || botType === BotType.embedded) {
    throw errors.badRequest(
      'Invalid bot type: Hearth offers generic bots (1) and incoming webhook bots (2)',
    );
  }
  throw errors.badRequest('Invalid bot type');
}

// Zulip's check_bot_name_available: no two active users answer to one name.
export function checkBotNameAvailable(services: Services, fullName: string): void {
  if (activeUserWithFullName(services.sql, fullName)) {
    throw errors.badRequest('Name is already in use!');
  }
}

/** Zulip's add_bot_backend with do_create_user: the bot, its events, owned by `owner`. */
export function createBot(services: Services, owner: UserRow, request: CreateBotRequest): BotRow {
  const { sql } = services;
  checkMayManageBots(owner);
  const email = botEmail(request.shortName, services.realmUri());
  const fullName = checkFullName(request.fullName);
  checkBotType(request.botType);
  const sendingStream =
    request.defaultSendingStream === undefined
      ? null
      : accessStreamByName(sql, owner, request.defaultSendingStream);
  const eventsStream =
    request.defaultEventsRegisterStream === undefined
      ? null
      : accessStreamByName(sql, owner, request.defaultEventsRegisterStream);

  const bot = sql.transaction(() => {
    if (userByEmail(sql, email)) throw errors.badRequest('Username already in use');
    checkBotNameAvailable(services, fullName);
    const id = insertUser(sql, {
      email,
      fullName,
      role: Role.member,
      apiKey: newApiKey(),
      passwordHash: null,
      dateJoined: Math.floor(Date.now() / 1000),
      isBot: true,
      botType: request.botType,
      botOwnerId: owner.id,
    });
    // Like every user, a bot is addressed through its own personal recipient;
    // unlike a human it joins no default streams.
    const recipientId = insertRecipient(sql, RecipientType.personal, id);
    insertSubscription(sql, { userId: id, recipientId, color: '' });
    setBotDefaults(sql, id, {
      sendingStreamId: sendingStream?.id ?? null,
      eventsRegisterStreamId: eventsStream?.id ?? null,
      allPublicStreams: request.defaultAllPublicStreams ?? false,
    });
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
    plainNotice('realm_bot', { op: 'add', bot: toRealmBot(bot, streamNamer(sql)) }),
    botEventRecipients(sql, bot),
  );
  return bot;
}
