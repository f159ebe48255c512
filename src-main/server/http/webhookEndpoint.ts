import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../errors';
import { integrationNamed } from '../integrations';
import { receiveWebhook } from '../integrations/receive';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { authenticate, authenticateByApiKey } from './auth';
import { decodeParams, optional, stringParams } from './params';
import { writeRateHeaders, type RateStanding } from './rateLimits';

// The URL parameters every integration shares (Zulip's webhook_view and
// check_send_webhook_message).
const common = {
  api_key: optional('text', z.string()),
  stream: optional('text', z.string()),
  topic: optional('text', z.string()),
  only_events: optional('json', z.array(z.string())),
  exclude_events: optional('json', z.array(z.string())),
};

// Zulip's web server takes request bodies up to 25 MiB (nginx's
// client_max_body_size), which a service's payload with its attachments and
// logs can approach; beyond that it is refused before anything is read.
export const WEBHOOK_MAX_BODY_BYTES = 25 * 1024 * 1024;

// Zulip's validate_api_key for webhooks: the key alone names the account
// (HTTP Basic works too), and an incoming-webhook bot's key is welcome.
function sender(services: Services, apiKey: string | undefined, authorization?: string): UserRow {
  if (apiKey === undefined) {
    if (authorization === undefined) throw errors.missingArgument('api_key');
    return authenticate(services, authorization, { incomingWebhookBots: true });
  }
  return authenticateByApiKey(services, apiKey, { incomingWebhookBots: true });
}

/** Python's urllib.parse.unquote: each run of %XX escapes decoded as UTF-8, anything else kept. */
export function unquote(text: string): string {
  return text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    return new TextDecoder('utf-8').decode(bytes);
  });
}

function bodyText(body: unknown): string {
  if (!Buffer.isBuffer(body)) return '';
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw errors.badRequest('Malformed payload');
  }
}

/**
 * POST /api/v1/external/{integration}: the body is the service's own payload,
 * read raw whatever its content type (services label JSON as a form often
 * enough), so this route has its own body parser.
 */
export function registerWebhookRoute(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post<{ Params: { integration: string } }>(
      '/api/v1/external/:integration',
      { bodyLimit: WEBHOOK_MAX_BODY_BYTES, config: { maxWebhookBytes: WEBHOOK_MAX_BODY_BYTES } },
      async (request: FastifyRequest<{ Params: { integration: string } }>, reply) => {
        const integration = integrationNamed(request.params.integration);
        if (!integration) throw errors.notFound();
        const query = stringParams(request.query);
        const params = decodeParams(common, query);
        const user = sender(services, params.api_key, request.headers.authorization);
        // Zulip's webhook views come under the sending bot's per-user limit.
        const standings: RateStanding[] = [];
        try {
          services.rateLimits?.user(user.id, standings);
        } finally {
          writeRateHeaders(reply, standings);
        }
        const again = (value: string | undefined) =>
          value !== undefined && integration.unquoteUrlParameters ? unquote(value) : value;
        const result = receiveWebhook(services, user, integration, {
          path: request.url.split('?')[0] ?? request.url,
          body: bodyText(request.body),
          contentType: request.headers['content-type'] ?? '',
          header: (name) => {
            const value = request.headers[name.toLowerCase()];
            return Array.isArray(value) ? value.at(-1) : value;
          },
          options: decodeParams(integration.params, query),
          stream: again(params.stream),
          topic: again(params.topic),
          filter: { only: params.only_events, exclude: params.exclude_events },
        });
        return { result: 'success', msg: '', ...result };
      },
    );
  });
}
