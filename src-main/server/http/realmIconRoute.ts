import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { uploadedRealmIconPath } from '../shape/avatars';
import { realmIcon } from '../store/realm';

/**
 * Serves the icon an administrator uploaded. Its URL names its version, so a
 * browser may keep it; a new upload is a new URL. Like Zulip's images it is
 * served outside /api/v1, to anyone who has its URL.
 */
export function registerRealmIconRoute(app: FastifyInstance, services: Services): void {
  app.get(uploadedRealmIconPath, async (_request, reply) => {
    const icon = realmIcon(services.sql);
    if (!icon) throw errors.notFound();
    return reply
      .type(icon.content_type)
      .headers({
        'Cache-Control': 'public, max-age=86400',
        'Content-Security-Policy': "default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
      })
      .send(icon.data);
  });
}
