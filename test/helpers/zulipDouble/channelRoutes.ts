import type { FastifyInstance } from 'fastify';
import { archiveChannel } from './archiveChannel';
import {
  createChannelFolder,
  getChannelFolders,
  reorderChannelFolders,
  updateChannelFolder,
} from './channelFolders';
import type { Context } from './context';
import { authedWith, idParam, rawParams, success, successIgnoring } from './http';
import { subscribe } from './subscribe';
import {
  bulkSchema,
  singleSchema,
  updateSubscriptionSetting,
  updateSubscriptionSettings,
} from './subscriptionProperties';
import { unsubscribe } from './unsubscribe';
import { updateStream } from './updateStream';
import { updateUserTopic } from './userTopics';

/** Channels, subscriptions, personal topic policies and channel folders. */
export function addChannelRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.post(
    '/api/v1/users/me/subscriptions',
    authed((userId, request) => success(subscribe(context(), userId, rawParams(request)))),
  );
  app.delete(
    '/api/v1/users/me/subscriptions',
    authed((userId, request) => success(unsubscribe(context(), userId, rawParams(request)))),
  );
  app.post(
    '/api/v1/users/me/subscriptions/properties',
    authed((userId, request) => {
      const raw = rawParams(request);
      updateSubscriptionSettings(context(), userId, raw);
      return successIgnoring(raw, Object.keys(bulkSchema.shape));
    }),
  );
  app.patch(
    '/api/v1/users/me/subscriptions/:id',
    authed((userId, request) => {
      const raw = rawParams(request);
      updateSubscriptionSetting(context(), userId, idParam(request, 'id'), raw);
      return successIgnoring(raw, Object.keys(singleSchema.shape));
    }),
  );
  app.post(
    '/api/v1/user_topics',
    authed((userId, request) => {
      updateUserTopic(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.patch(
    '/api/v1/streams/:id',
    authed((userId, request) => {
      updateStream(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.delete(
    '/api/v1/streams/:id',
    authed((userId, request) => {
      archiveChannel(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.get(
    '/api/v1/channel_folders',
    authed((_userId, request) => success(getChannelFolders(context(), rawParams(request)))),
  );
  app.post(
    '/api/v1/channel_folders/create',
    authed((userId, request) =>
      success(createChannelFolder(context(), userId, rawParams(request))),
    ),
  );
  app.patch(
    '/api/v1/channel_folders',
    authed((userId, request) => {
      reorderChannelFolders(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.patch(
    '/api/v1/channel_folders/:id',
    authed((userId, request) => {
      updateChannelFolder(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
}
