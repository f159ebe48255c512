import type { FastifyInstance } from 'fastify';
import { serverEmojiDataJson, serverEmojiDataPath } from '../shape/serverEmojiData';

/**
 * Serves the emoji names file without authentication, as Zulip serves it
 * among its static files; its URL changes with its content, so it may be kept.
 */
export function registerEmojiDataRoute(app: FastifyInstance): void {
  app.get(serverEmojiDataPath, async (_request, reply) =>
    reply
      .type('application/json')
      .headers({
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(serverEmojiDataJson),
  );
}
