import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Context } from './context';
import { notForGuests } from './errors';
import { authedWith, idParam, rawParams, success } from './http';
import { bool, parseParams } from './params';
import { createUserGroup } from './userGroupCreate';
import { deactivateUserGroup, updateUserGroup } from './userGroupUpdate';
import { updateMembers, updateSubgroups } from './userGroups';

/** User groups: listing, creating, changing, deactivating, and their members and subgroups. */
export function addGroupRoutes(app: FastifyInstance, context: () => Context): void {
  const authed = authedWith(context);

  app.get(
    '/api/v1/user_groups',
    authed((userId, request) => {
      const { org } = context();
      // Members and administrators only: bots' and guests' requests are refused.
      if (org.user(userId)?.is_guest) throw notForGuests();
      const { include_deactivated_groups } = parseParams(
        z.object({ include_deactivated_groups: bool.default(false) }),
        rawParams(request),
      );
      return success({
        user_groups: [...org.groups.values()]
          .filter((group) => include_deactivated_groups || !group.deactivated)
          .map((group) => structuredClone(group)),
      });
    }),
  );
  app.post(
    '/api/v1/user_groups/create',
    authed((userId, request) => success(createUserGroup(context(), userId, rawParams(request)))),
  );
  app.patch(
    '/api/v1/user_groups/:id',
    authed((userId, request) => {
      updateUserGroup(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.post(
    '/api/v1/user_groups/:id/deactivate',
    authed((userId, request) => {
      deactivateUserGroup(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
  app.post(
    '/api/v1/user_groups/:id/members',
    authed((userId, request) => {
      updateMembers(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
  app.post(
    '/api/v1/user_groups/:id/subgroups',
    authed((userId, request) => {
      updateSubgroups(context(), userId, idParam(request, 'id'), rawParams(request));
      return success();
    }),
  );
}
