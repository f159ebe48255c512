import type { Endpoint } from '../endpoint';
import { devFetchApiKey, fetchApiKey } from './apiKeys';
import { deleteQueue, getEvents, register } from './events';
import { getMessages, postMessage } from './messages';
import { getServerSettings } from './serverSettings';
import { updateNotificationSettingsEndpoint } from './settings';
import { getStreamId, getStreams, postDefaultStream } from './streams';
import { addSubscriptions, getSubscriptions, removeSubscriptions } from './subscriptions';
import { updateSubscriptionPropertiesEndpoint } from './subscriptions';
import { getStreamTopics, updateMutedTopic } from './topics';
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
  updateSubscriptionPropertiesEndpoint,
  updateMutedTopic,
  getStreams,
  getStreamId,
  postDefaultStream,
  getStreamTopics,
  updateNotificationSettingsEndpoint,
  postMessage,
  getMessages,
  register,
  getEvents,
  deleteQueue,
];
