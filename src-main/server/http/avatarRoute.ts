import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { avatarSvg } from '../shape/avatars';
import { userById } from '../store/users';

/** Serves the avatars `avatar_url` points at; outside /api/v1, as Zulip serves its images. */
export function registerAvatarRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { userId: string } }>('/avatar/:userId', async (request, reply) => {
    const id = /^\d{1,15}$/.test(request.params.userId) ? Number(request.params.userId) : NaN;
    const user = Number.isSafeInteger(id) ? userById(services.sql, id) : undefined;
    if (!user) throw errors.notFound();
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('X-Content-Type-Options', 'nosniff')
      .send(avatarSvg(user.id, user.full_name));
  });
}
