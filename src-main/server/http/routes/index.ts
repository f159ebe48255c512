import type { Endpoint } from '../endpoint';
import { devFetchApiKey, fetchApiKey } from './apiKeys';
import { deleteQueue, getEvents, register } from './events';
import { getMessages, postMessage } from './messages';
import { getServerSettings } from './serverSettings';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './subscriptions';
import { createUserEndpoint, getOwnUser, getUsers } from './users';

export const endpoints: readonly Endpoint[] = [
  getServerSettings,
  fetchApiKey,
  devFetchApiKey,
  getOwnUser,
  getUsers,
  createUserEndpoint,
  getSubscriptions,
  addSubscriptions,
  removeSubscriptions,
  postMessage,
  getMessages,
  register,
  getEvents,
  deleteQueue,
];
