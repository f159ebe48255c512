import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors';
import type { Services } from '../services';
import { realmEmojiImagesPath } from '../shape/realmEmoji';
import { realmEmojiImage } from '../store/realmEmoji';

/**
 * The organization's emoji images, at Zulip's path and, as Zulip serves
 * them, to anyone with the URL: a message's <img> carries no credentials.
 * A file's name never changes what it holds, so a browser may keep it.
 */
export function registerRealmEmojiRoute(app: FastifyInstance, services: Services): void {
  app.get(
    `${realmEmojiImagesPath}/:file_name`,
    async (request: FastifyRequest<{ Params: { file_name: string } }>, reply) => {
      const image = realmEmojiImage(services.sql, request.params.file_name);
      if (!image) throw errors.notFound();
      return reply
        .type(image.content_type)
        .headers({
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Security-Policy': "default-src 'none'",
          'X-Content-Type-Options': 'nosniff',
        })
        .send(image.data);
    },
  );
}
