import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { avatarSvg, jdenticonSvg, realmIconPath } from '../shape/avatars';
import { getRealm } from '../store/realm';
import { userById } from '../store/users';

const svgHeaders = {
  'Cache-Control': 'public, max-age=3600',
  'Content-Security-Policy': "default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
};

/** Serves the avatars `avatar_url` points at; outside /api/v1, as Zulip serves its images. */
export function registerAvatarRoute(app: FastifyInstance, services: Services): void {
  // The organization's square logo (server settings' realm_icon), drawn like an avatar.
  app.get(realmIconPath, async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .headers(svgHeaders)
      .send(avatarSvg(0, getRealm(services.sql)?.name ?? '')),
  );
  app.get<{ Params: { userId: string }; Querystring: { version?: unknown } }>(
    '/avatar/:userId',
    async (request, reply) => {
      const id = /^\d{1,15}$/.test(request.params.userId) ? Number(request.params.userId) : NaN;
      const user = Number.isSafeInteger(id) ? userById(services.sql, id) : undefined;
      if (!user) throw errors.notFound();
      // avatar_url names the version: that picture never changes, and any
      // other address (none, or a version since replaced) is checked anew.
      const current = request.query.version === String(user.avatar_version);
      return reply
        .type('image/svg+xml')
        .headers(svgHeaders)
        .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .send(
          user.avatar_source === 'J' ? jdenticonSvg(user.id) : avatarSvg(user.id, user.full_name),
        );
    },
  );
}
