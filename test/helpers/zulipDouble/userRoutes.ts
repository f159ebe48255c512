import type { FastifyInstance } from 'fastify';
import { botApiKey, createBot, deactivateBot, ownBots, regenerateBotApiKey } from './bots';
import type { Context } from './context';
import { deactivateUser, reactivateUser } from './deactivateUser';
import { noSuchUser } from './errors';
import { createDrafts, deleteDraft, editDraft, listDrafts } from './drafts';
import { muteUser, unmuteUser } from './mutedUsers';
import { authedWith, idParam, rawParams, success } from './http';
import { avatarUrl } from './render';
import { updateSettings } from './updateSettings';
import { updateUser } from './updateUser';
import { updateStatus } from './userStatus';

/** Users: one's own settings, administrators' changes to others, and bots. */
export function addUserRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.patch(
    '/api/v1/settings',
    authed((userId, request) => updateSettings(context(), userId, rawParams(request))),
  );
  app.get(
    '/api/v1/users/:id',
    authed((_userId, request) => {
      const { org } = context();
      const user = org.users.get(idParam(request, 'id'));
      if (!user) throw noSuchUser();
      return success({ user: { ...user, avatar_url: avatarUrl(org, user.user_id) } });
    }),
  );
  app.patch(
    '/api/v1/users/:id',
    authed((userId, request) => {
      updateUser(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.delete(
    '/api/v1/users/:id',
    authed((userId, request) => {
      deactivateUser(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.post(
    '/api/v1/users/:id/reactivate',
    authed((userId, request) => {
      reactivateUser(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.post(
    '/api/v1/users/me/muted_users/:id',
    authed((userId, request) => {
      muteUser(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.delete(
    '/api/v1/users/me/muted_users/:id',
    authed((userId, request) => {
      unmuteUser(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.get(
    '/api/v1/drafts',
    authed((userId) => success(listDrafts(context(), userId))),
  );
  app.post(
    '/api/v1/drafts',
    authed((userId, request) =>
      success({ ids: createDrafts(context(), userId, rawParams(request)) }),
    ),
  );
  app.patch(
    '/api/v1/drafts/:id',
    authed((userId, request) => {
      editDraft(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.delete(
    '/api/v1/drafts/:id',
    authed((userId, request) => {
      deleteDraft(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.post(
    '/api/v1/users/me/status',
    authed((userId, request) => {
      updateStatus(context(), userId, rawParams(request));
      return success();
    }),
  );
  app.get(
    '/api/v1/bots',
    authed((userId) => success(ownBots(context(), userId))),
  );
  app.post(
    '/api/v1/bots',
    authed((userId, request) => success(createBot(context(), userId, rawParams(request)))),
  );
  app.get(
    '/api/v1/bots/:id/api_key',
    authed((userId, request) => success(botApiKey(context(), userId, idParam(request, 'id')))),
  );
  app.post(
    '/api/v1/bots/:id/api_key/regenerate',
    authed((userId, request) =>
      success(regenerateBotApiKey(context(), userId, idParam(request, 'id'))),
    ),
  );
  app.delete(
    '/api/v1/bots/:id',
    authed((userId, request) => {
      deactivateBot(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
}
