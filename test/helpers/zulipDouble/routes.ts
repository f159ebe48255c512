import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fetchApiKey } from './auth';
import type { Context } from './context';
import { deleteMessage, updateMessage } from './editMessage';
import { deleteTopic } from './deleteTopic';
import { addChannelRoutes } from './channelRoutes';
import { ZulipError, badRequest } from './errors';
import { addGroupRoutes } from './groupRoutes';
import { addLinkifierRoutes } from './linkifiers';
import { authedWith, idParam, rawParams, success } from './http';
import { addUploadRoutes } from './uploadRoutes';
import { addUserRoutes } from './userRoutes';
import { changeReaction, updateFlags } from './flags';
import { updateFlagsForNarrow } from './flagsForNarrow';
import { getMessage, getMessages } from './getMessages';
import { markAllAsRead, markStreamAsRead, markTopicAsRead } from './markAsRead';
import { messageHistory } from './messageHistory';
import { bool, int, parseParams } from './params';
import { updatePresence } from './presence';
import { readReceipts } from './readReceipts';
import { register } from './register';
import { avatarUrl } from './render';
import { sendMessage } from './sendMessage';
import { addSubmessage } from './submessages';
import { addScheduledRoutes } from './scheduledRoutes';
import { zulipMergeBase } from './source';
import { setTyping } from './typing';
import { updateRealm } from './updateRealm';

const eventsSchema = z.object({
  queue_id: z.string(),
  last_event_id: int.default(-1),
  dont_block: bool.default(false),
});

/** Zulip's endpoints the double answers; each handler decodes, calls one action, shapes the answer. */
export function addRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.get('/api/v1/server_settings', () => {
    const { org } = context();
    return success({
      ...org.serverSettings,
      zulip_version: org.zulipVersion,
      zulip_feature_level: org.featureLevel,
      zulip_merge_base: zulipMergeBase,
      is_incompatible: false,
      realm_url: org.url,
      realm_uri: org.url,
      realm_name: org.realm.realm_name,
      realm_icon: org.realm.realm_icon_url,
      realm_description: org.realm.realm_description,
    });
  });

  app.post('/api/v1/fetch_api_key', (request) => {
    const { username, password } = parseParams(
      z.object({ username: z.string(), password: z.string() }),
      rawParams(request),
    );
    return success(fetchApiKey(context().org, username, password));
  });

  app.get(
    '/api/v1/users/me',
    authed((userId) => {
      const { org } = context();
      return success({
        ...org.user(userId),
        avatar_url: avatarUrl(org, userId),
        max_message_id: Math.max(0, ...org.messages.keys()),
      });
    }),
  );

  app.get(
    '/api/v1/users',
    authed(() => {
      const { org } = context();
      // Deactivated users too, with is_active false.
      return success({
        members: [...org.users.values()].map((user) => ({
          ...user,
          avatar_url: avatarUrl(org, user.user_id),
        })),
      });
    }),
  );

  app.get(
    '/api/v1/users/me/subscriptions',
    authed((userId, request) => {
      const state = register(context(), userId, {
        ...rawParams(request),
        fetch_event_types: '["subscription"]',
        event_types: '[]',
        client_capabilities: '{"notification_settings_null": true, "archived_channels": true}',
      });
      context().queues.delete(String(state.queue_id), userId);
      return success({ subscriptions: state.subscriptions });
    }),
  );

  app.post(
    '/api/v1/register',
    authed((userId, request) => success(register(context(), userId, rawParams(request)))),
  );

  app.get(
    '/api/v1/events',
    authed(async (userId, request, reply) => {
      const params = parseParams(eventsSchema, rawParams(request));
      const queue = context().queues.get(params.queue_id, userId);
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const events = await context().queues.poll(
        queue,
        params.last_event_id,
        params.dont_block,
        gone.signal,
      );
      return success({ events, queue_id: queue.id });
    }),
  );

  app.delete(
    '/api/v1/events',
    authed((userId, request) => {
      const { queue_id } = parseParams(z.object({ queue_id: z.string() }), rawParams(request));
      context().queues.delete(queue_id, userId);
      return success();
    }),
  );

  app.get(
    '/api/v1/messages',
    authed((userId, request) => success(getMessages(context(), userId, rawParams(request)))),
  );
  app.post(
    '/api/v1/messages',
    authed((userId, request) => success(sendMessage(context(), userId, rawParams(request)))),
  );
  app.post(
    '/api/v1/messages/flags',
    authed((userId, request) => success(updateFlags(context(), userId, rawParams(request)))),
  );
  app.post(
    '/api/v1/messages/flags/narrow',
    authed((userId, request) =>
      success(updateFlagsForNarrow(context(), userId, rawParams(request))),
    ),
  );
  app.post(
    '/api/v1/mark_all_as_read',
    authed((userId) => success(markAllAsRead(context(), userId))),
  );
  app.post(
    '/api/v1/mark_stream_as_read',
    authed((userId, request) => {
      markStreamAsRead(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.post(
    '/api/v1/mark_topic_as_read',
    authed((userId, request) => {
      markTopicAsRead(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.get(
    '/api/v1/messages/:id/read_receipts',
    authed((userId, request) => success(readReceipts(context(), userId, idParam(request, 'id')))),
  );
  app.post(
    '/api/v1/streams/:id/delete_topic',
    authed((userId, request) =>
      success(deleteTopic(context(), userId, idParam(request, 'id'), rawParams(request))),
    ),
  );
  app.get(
    '/api/v1/messages/:id/history',
    authed((userId, request) =>
      success(messageHistory(context(), userId, idParam(request, 'id'), rawParams(request))),
    ),
  );
  app.get(
    '/api/v1/messages/:id',
    authed((userId, request) =>
      success(getMessage(context(), userId, idParam(request, 'id'), rawParams(request))),
    ),
  );
  app.patch(
    '/api/v1/messages/:id',
    authed((userId, request) => {
      updateMessage(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.delete(
    '/api/v1/messages/:id',
    authed((userId, request) => {
      deleteMessage(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  for (const [method, op] of [
    ['POST', 'add'],
    ['DELETE', 'remove'],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/messages/:id/reactions',
      handler: authed((userId, request) => {
        changeReaction(context(), userId, idParam(request, 'id'), op, rawParams(request));
        return success();
      }),
    });
  }

  addScheduledRoutes(app, context);

  app.post(
    '/api/v1/submessage',
    authed((userId, request) => {
      addSubmessage(context(), userId, rawParams(request));
      return success();
    }),
  );

  app.patch(
    '/api/v1/realm',
    authed((userId, request) => {
      updateRealm(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.post(
    '/api/v1/users/me/presence',
    authed((userId, request) => success(updatePresence(context(), userId, rawParams(request)))),
  );
  app.post(
    '/api/v1/typing',
    authed((userId, request) => {
      setTyping(context(), userId, rawParams(request));
      return success();
    }),
  );

  addChannelRoutes(app, context);
  addGroupRoutes(app, context);
  addLinkifierRoutes(app, context);
  addUserRoutes(app, context);
  addUploadRoutes(app, context);

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' }),
  );
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ZulipError) return reply.code(error.status).send(error.body());
    const status = (error as { statusCode?: number }).statusCode;
    // A body Fastify could not read is the client's fault, as Zulip's 400 says; anything else is the double's bug.
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(400).send(badRequest(String((error as Error).message)).body());
    }
    return reply.code(500).send({ result: 'error', msg: String(error), code: 'BAD_REQUEST' });
  });
}
