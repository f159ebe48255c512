import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { authedWith, idParam, rawParams, success } from '../http';
import { deactivateUserGroup } from '../userGroupUpdate';
import { answer7 } from './answers';
import { request7 } from './requests';

export { Zulip7Queues } from './events';
export { seedZulip7 } from './seed';

/** What Zulip 7.0 calls itself in `zulip_version` and `zulip_merge_base`. */
export const zulip7Version = '7.0';
export const zulip7FeatureLevel = 185;

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * Makes the double answer as Zulip 7.0 (feature level 185) does: each
 * request is taken or refused as 7.0 would, then handed to the modern
 * endpoint in the form it takes, and each answer reshaped as 7.0 gives it.
 * Events are reshaped by `Zulip7Queues`.
 */
export function speakZulip7(app: FastifyInstance, context: () => Context): void {
  app.addHook('preHandler', async (request) => {
    const raw = rawParams(request);
    const params = request7(context(), request, raw);
    // An upload's body stays whole where 7.0 takes the request as it is.
    if (JSON.stringify(params) === JSON.stringify(raw)) return;
    // The modern endpoints read the query string and the body as one set of parameters.
    request.query = {};
    request.body = params;
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (typeof payload !== 'object' || payload === null) return payload;
    const answer = payload as Record<string, unknown>;
    if (answer.result === 'error' && typeof answer.msg === 'string') {
      // Zulip said "stream" until 9.0 (feature level 255).
      return {
        ...answer,
        msg: answer.msg.replace(/channel/g, 'stream').replace(/Channel/g, 'Stream'),
      };
    }
    if (answer.result !== 'success') return payload;
    const route = routeOf(request);
    const asked = route === 'POST /api/v1/register' ? rawParams(request).client_capabilities : null;
    const settingsObject =
      asked !== undefined &&
      asked !== null &&
      (JSON.parse(asked) as Record<string, unknown>).user_settings_object === true;
    return answer7(context().org, route, answer, settingsObject);
  });
  // 7.0 deleted a user group outright (deactivation replaced it at 290; the endpoint went at 294).
  app.delete(
    '/api/v1/user_groups/:id',
    authedWith(context)((userId, request) => {
      deactivateUserGroup(context(), userId, idParam(request, 'id'));
      return success();
    }),
  );
}
