import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { avatarSvg, realmIconPath } from '../shape/avatars';
import { jdenticonPng, jdenticonSize } from '../shape/jdenticonAvatar';
import { getRealm } from '../store/realm';
import { userById } from '../store/users';

const imageHeaders = {
  'Cache-Control': 'public, max-age=3600',
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

type AvatarRequest = FastifyRequest<{
  Params: { userId: string };
  Querystring: { version?: unknown };
}>;

/** Serves the avatars `avatar_url` points at; outside /api/v1, as Zulip serves its images. */
export function registerAvatarRoute(app: FastifyInstance, services: Services): void {
  // The organization's square logo (server settings' realm_icon), drawn like an avatar.
  app.get(realmIconPath, async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .headers(imageHeaders)
      .send(avatarSvg(0, getRealm(services.sql)?.name ?? '')),
  );

  const sendAvatar = async (
    request: AvatarRequest,
    reply: FastifyReply,
    jdenticonPixels: number,
  ) => {
    const id = /^\d{1,15}$/.test(request.params.userId) ? Number(request.params.userId) : NaN;
    const user = Number.isSafeInteger(id) ? userById(services.sql, id) : undefined;
    if (!user) throw errors.notFound();
    // avatar_url names the version: that picture never changes, and any
    // other address (none, or a version since replaced) is checked anew.
    const current = request.query.version === String(user.avatar_version);
    reply
      .headers(imageHeaders)
      .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache');
    const realmUuid = getRealm(services.sql)?.uuid;
    if (user.avatar_source === 'J' && realmUuid) {
      return reply.type('image/png').send(await jdenticonPng(realmUuid, user.id, jdenticonPixels));
    }
    return reply.type('image/svg+xml').send(avatarSvg(user.id, user.full_name));
  };
  app.get<{ Params: { userId: string }; Querystring: { version?: unknown } }>(
    '/avatar/:userId',
    async (request, reply) => sendAvatar(request, reply, jdenticonSize.default),
  );
  app.get<{ Params: { userId: string }; Querystring: { version?: unknown } }>(
    '/avatar/:userId/medium',
    async (request, reply) => sendAvatar(request, reply, jdenticonSize.medium),
  );
}
