import type { FastifyInstance } from 'fastify';
import type { Context } from './context';
import { authedWith, idParam, rawParams, success } from './http';
import {
  createScheduled,
  deleteScheduled,
  scheduledOf,
  updateScheduled,
} from './scheduledMessages';

/** Zulip's /scheduled_messages endpoints (feature levels 179–184, unchanged since in shape). */
export function addScheduledRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);
  app.get(
    '/api/v1/scheduled_messages',
    authed((userId) => success({ scheduled_messages: scheduledOf(context(), userId) })),
  );
  app.post(
    '/api/v1/scheduled_messages',
    authed((userId, request) =>
      success({ scheduled_message_id: createScheduled(context(), userId, rawParams(request)) }),
    ),
  );
  app.patch(
    '/api/v1/scheduled_messages/:id',
    authed((userId, request) => {
      updateScheduled(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.delete(
    '/api/v1/scheduled_messages/:id',
    authed((userId, request) => {
      deleteScheduled(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
}
