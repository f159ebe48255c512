import { z } from 'zod';
import { accessBotById, checkMayManageBots, streamNamer } from '../../actions/botAccess';
import { checkBotUrlNetwork } from '../../actions/botUrlNetwork';
import { checkNewBot, checkPayloadUrl, createBot } from '../../actions/createBot';
import { deactivateBot } from '../../actions/deactivateBot';
import { regenerateBotApiKey } from '../../actions/regenerateBotApiKey';
import { updateBot } from '../../actions/updateBot';
import { botSettings, toOwnedBot } from '../../shape/bots';
import { BotType, botsOwnedBy } from '../../store/bots';
import { ServiceInterface } from '../../store/botServices';
import { userById } from '../../store/users';
import { answerAfter } from '../answerAfter';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

const botId = required('json', z.number().int().nonnegative());

export const createBotEndpoint = userEndpoint({
  method: 'POST',
  path: '/bots',
  params: {
    full_name: required('text', z.string()),
    short_name: required('text', z.string()),
    bot_type: optional('json', z.number().int(), BotType.generic),
    default_sending_stream: optional('text', z.string()),
    default_events_register_stream: optional('text', z.string()),
    default_all_public_streams: optional('json', z.boolean()),
    payload_url: optional('json', z.string()),
    interface_type: optional('json', z.number().int()),
  },
  handle: ({ services, params, user }) => {
    const checked = checkNewBot(services, user, {
      fullName: params.full_name,
      shortName: params.short_name,
      botType: params.bot_type,
      defaultSendingStream: params.default_sending_stream,
      defaultEventsRegisterStream: params.default_events_register_stream,
      defaultAllPublicStreams: params.default_all_public_streams,
      payloadUrl: params.payload_url,
      interfaceType: params.interface_type,
    });
    const create = () => {
      const bot = createBot(services, user, checked);
      return {
        user_id: bot.id,
        api_key: bot.api_key,
        ...botSettings(bot, streamNamer(services.sql)),
      };
    };
    if (!checked.service?.baseUrl) return create();
    return answerAfter(checkBotUrlNetwork(services, checked.service.baseUrl), create);
  },
});

// Zulip lists the caller's own active bots here, administrators included.
export const getBotsEndpoint = userEndpoint({
  method: 'GET',
  path: '/bots',
  params: {},
  handle: ({ services, user }) => {
    checkMayManageBots(user);
    const name = streamNamer(services.sql);
    const bots = botsOwnedBy(services.sql, user.id).filter((bot) => bot.is_active === 1);
    return { bots: bots.map((bot) => toOwnedBot(bot, name)) };
  },
});

export const updateBotEndpoint = userEndpoint({
  method: 'PATCH',
  path: '/bots/:bot_id',
  params: {
    bot_id: botId,
    full_name: optional('text', z.string()),
    short_name: optional('text', z.string()),
    bot_owner_id: optional('json', z.number().int()),
    default_sending_stream: optional('text', z.string()),
    default_events_register_stream: optional('text', z.string()),
    default_all_public_streams: optional('json', z.boolean()),
    service_payload_url: optional('json', z.string()),
    service_interface: optional('json', z.number().int(), ServiceInterface.generic),
  },
  handle: ({ services, params, user }) => {
    const update = () => {
      const bot = updateBot(services, user, params.bot_id, {
        fullName: params.full_name,
        shortName: params.short_name,
        botOwnerId: params.bot_owner_id,
        defaultSendingStream: params.default_sending_stream,
        defaultEventsRegisterStream: params.default_events_register_stream,
        defaultAllPublicStreams: params.default_all_public_streams,
        servicePayloadUrl: params.service_payload_url,
        serviceInterface: params.service_interface,
      });
      const owner =
        bot.bot_owner_id === null ? undefined : userById(services.sql, bot.bot_owner_id);
      // Zulip 7.0 answers with the bot's settings, its owner still by email,
      // and echoes the service settings as they were asked for.
      return {
        full_name: bot.full_name,
        ...botSettings(bot, streamNamer(services.sql)),
        service_interface: params.service_interface,
        service_payload_url: params.service_payload_url ?? null,
        config_data: null,
        ...(owner ? { bot_owner: owner.email } : {}),
      };
    };
    const url = params.service_payload_url;
    if (url === undefined || url === '') return update();
    // The URL is looked up only once the rest of the request would pass.
    checkMayManageBots(user);
    accessBotById(services.sql, user, params.bot_id);
    checkPayloadUrl('service_payload_url', url);
    return answerAfter(checkBotUrlNetwork(services, url), update);
  },
});

export const regenerateBotApiKeyEndpoint = userEndpoint({
  method: 'POST',
  path: '/bots/:bot_id/api_key/regenerate',
  params: { bot_id: botId },
  handle: ({ services, params, user }) => ({
    api_key: regenerateBotApiKey(services, user, params.bot_id),
  }),
});

// Zulip 12 (feature level 463): the key is asked for, as bot objects no
// longer carry it (474).
export const getBotApiKeyEndpoint = userEndpoint({
  method: 'GET',
  path: '/bots/:bot_id/api_key',
  params: { bot_id: botId },
  handle: ({ services, params, user }) => {
    checkMayManageBots(user);
    return { api_key: accessBotById(services.sql, user, params.bot_id).api_key };
  },
});

export const deactivateBotEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/bots/:bot_id',
  params: { bot_id: botId },
  handle: ({ services, params, user }) => {
    deactivateBot(services, user, params.bot_id);
    return {};
  },
});
