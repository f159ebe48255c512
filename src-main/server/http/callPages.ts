import type { FastifyInstance } from 'fastify';
import { BIG_BLUE_BUTTON_NOT_CONFIGURED } from '../actions/callProviders';

/**
 * The BigBlueButton join link (`/calls/bigbluebutton/join`, where Zulip's
 * is): Zulip checks that BigBlueButton is configured before anything else,
 * and the host has no BigBlueButton server, so every join gets its refusal.
 */
export function registerCallPages(app: FastifyInstance): void {
  app.get('/calls/bigbluebutton/join', async (_request, reply) =>
    reply
      .code(400)
      .send({ result: 'error', msg: BIG_BLUE_BUTTON_NOT_CONFIGURED, code: 'BAD_REQUEST' }),
  );
}
