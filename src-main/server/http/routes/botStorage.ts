import { z } from 'zod';
import { getBotStorage, removeBotStorage, updateBotStorage } from '../../actions/botStorage';
import { userEndpoint } from '../endpoint';
import { optional, required } from '../params';

// Zulip's /bot_storage views, for bots only since feature level 494.
const keys = optional('json', z.array(z.string()));

export const getBotStorageEndpoint = userEndpoint({
  method: 'GET',
  path: '/bot_storage',
  params: { keys },
  handle: ({ services, user, params }) => ({
    storage: getBotStorage(services, user, params.keys),
  }),
});

export const updateBotStorageEndpoint = userEndpoint({
  method: 'PUT',
  path: '/bot_storage',
  params: { storage: required('json', z.record(z.string(), z.string())) },
  handle: ({ services, user, params }) => {
    updateBotStorage(services, user, params.storage);
    return {};
  },
});

export const removeBotStorageEndpoint = userEndpoint({
  method: 'DELETE',
  path: '/bot_storage',
  params: { keys },
  handle: ({ services, user, params }) => {
    removeBotStorage(services, user, params.keys);
    return {};
  },
});
