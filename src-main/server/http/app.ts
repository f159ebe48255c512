import fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { createServer } from 'node:http';
import { asError, errors, type ApiError } from '../errors';
import { budgetedListener, KEEP_ALIVE_MS, REQUEST_TIMEOUT_MS } from './budgetedListener';
import type { HostNames } from '../network/hostNames';
import type { Services } from '../services';
import type { PartialUploadFiles } from '../store/partialUploadFiles';
import type { TurnBudget } from '../turnBudget';
import { registerAvatarRoute } from './avatarRoute';
import { registerEmojiDataRoute } from './emojiDataRoute';
import { filesOf, registerFormParsers } from './body';
import { registerJoinPage } from './joinPage';
import { registerCallPages } from './callPages';
import { registerRealmEmojiRoute } from './realmEmojiRoute';
import { registerRealmIconRoute } from './realmIconRoute';
import { registerTusRoutes } from './tusRoutes';
import { registerRealmExportRoute } from './realmExportRoute';
import { registerUploadRoutes } from './uploadRoutes';
import {
  fileTooLarge,
  JsonAnswer,
  type Endpoint,
  type FileLimit,
  type IncomingCall,
  type Method,
  type Result,
} from './endpoint';
import { errorReply } from './errorResponse';
import { hangUpOf } from './hangUp';
import { refuseForeignHosts } from './hostCheck';
import { ignoredParameters } from './ignoredParams';
import { stringParams } from './params';
import { writeRateHeaders } from './rateLimits';
import { endpoints } from './routes';
import { registerWebhookRoute } from './webhookEndpoint';

const API_PREFIX = '/api/v1';
const allMethods = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'] as const;

const successBody = (answer: JsonAnswer): string =>
  `{"result":"success","msg":"",${answer.members}}`;

/** A success answer naming the parameters the endpoint did not read (Zulip's ignored_parameters_unsupported). */
function noting(ignored: readonly string[], result: Result): Result {
  if (ignored.length === 0) return result;
  if (result instanceof JsonAnswer) {
    return new JsonAnswer(
      `${result.members},"ignored_parameters_unsupported":${JSON.stringify(ignored)}`,
    );
  }
  return { ...result, ignored_parameters_unsupported: ignored };
}

function sendSuccess(reply: FastifyReply, result: Result): void {
  if (!(result instanceof JsonAnswer)) {
    void reply.send({ result: 'success', msg: '', ...result });
    return;
  }
  // A string goes out as it is once its type is JSON.
  void reply.type('application/json; charset=utf-8');
  void reply.send(successBody(result));
}

/**
 * A long poll's answer, written on the response itself: one message wakes a
 * thousand polls in a row, and fastify's reply (its checks, hooks and header
 * bookkeeping) took a sixth of each wake's time in bench:events' profile. The
 * headers the endpoint set (the rate limits') go along; no onSend or
 * onResponse hook is registered here for the shortcut to skip.
 */
function sendLate(reply: FastifyReply, result: Result): void {
  if (!(result instanceof JsonAnswer)) return sendSuccess(reply, result);
  reply.hijack();
  const response = reply.raw;
  response.statusCode = reply.statusCode;
  const headers = reply.getHeaders();
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) response.setHeader(name, value);
  }
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(successBody(result));
}

/**
 * Sends an answer that came late; a late refusal goes out as a thrown one
 * would. Made apart from `answer`, so that the wait holds the reply and the
 * names to report in one closure and no more: a thousand long-polls wait at
 * once, and a closure over `answer`'s block would cost each a second context.
 */
function lateAnswer(reply: FastifyReply, ignored: readonly string[]) {
  return (late: Result | Error): void =>
    late instanceof Error ? void reply.send(late) : sendLate(reply, noting(ignored, late));
}

// Answers through `reply`, refusals included: fastify waits for the answer
// when a handler returns nothing, so no promise is made per request.
// Every answer, refusals included, says where its caller stands under the
// rate limits, which the endpoint has noted by the time it answers or throws.
function answer(services: Services, endpoint: Endpoint, call: IncomingCall, reply: FastifyReply) {
  try {
    const result = endpoint.run(services, call);
    writeRateHeaders(reply, call.standings);
    if (typeof result !== 'function') {
      sendSuccess(reply, noting(call.ignored, result));
      return;
    }
    result(lateAnswer(reply, call.ignored));
  } catch (error) {
    writeRateHeaders(reply, call.standings);
    void reply.send(asError(error));
  }
}

/**
 * A body past an upload endpoint's or a webhook's limit is refused before it
 * is parsed; the caller hears what was too large, not the framework's words.
 */
function bodyTooLarge(error: unknown, request: FastifyRequest): ApiError | null {
  if ((error as { code?: unknown }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return null;
  const config = request.routeOptions.config as FileLimit & { maxWebhookBytes?: number };
  if (config.maxFileBytes !== undefined) return fileTooLarge(config, config.maxFileBytes);
  if (config.maxWebhookBytes !== undefined) return errors.webhookTooLarge(config.maxWebhookBytes);
  return null;
}

/**
 * The host's HTTP server; `budget` is shared with the event queues' deliveries,
 * and it answers only requests whose Host header is one of `names`;
 * resumable uploads keep their bytes in `partialUploads` until they are whole.
 */
export function buildApp(
  services: Services,
  budget: TurnBudget,
  log: (line: string) => void,
  names: HostNames,
  partialUploads: PartialUploadFiles,
): FastifyInstance {
  // Long-polls are answered before the app closes, so what is still open at
  // close is a stalled client; it must not hold a shutdown hostage.
  const app = fastify({
    logger: false,
    bodyLimit: 4 * 1024 * 1024,
    forceCloseConnections: true,
    serverFactory: (routing) => {
      // A request without a Host header reaches the check below, which
      // answers it in Zulip's JSON instead of Node's bare 400.
      const server = createServer(
        { requireHostHeader: false, requestTimeout: REQUEST_TIMEOUT_MS },
        budgetedListener(budget, routing),
      );
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      return server;
    },
    // A URL the router cannot even match (malformed escapes, a path segment
    // over the length limit) still gets Zulip's error JSON.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const body = { result: 'error', msg: `Invalid URL: ${error.message}`, code: 'BAD_REQUEST' };
      void reply.code(400).send(body);
    },
  });
  refuseForeignHosts(app, names);
  registerFormParsers(app);

  const methodsByPath = new Map<string, Method[]>();
  for (const endpoint of endpoints) {
    const url = `${API_PREFIX}${endpoint.path}`;
    methodsByPath.set(url, [...(methodsByPath.get(url) ?? []), endpoint.method]);
    app.route({
      method: endpoint.method,
      url,
      // Room for the largest file the endpoint takes, and its form around it.
      ...(endpoint.maxFileBytes === undefined
        ? {}
        : {
            bodyLimit: endpoint.maxFileBytes + 65_536,
            config: { maxFileBytes: endpoint.maxFileBytes, fileTooLarge: endpoint.fileTooLarge },
          }),
      // Fastify answers an error sent through `reply` with the error handler.
      handler: (request, reply) => {
        // A GET has no body, but Node reads its end only once asked to: left
        // unread, it was read when the answer finished, a few calls for each
        // of the thousand polls one message answers. Read now, it costs the
        // poll's arrival instead.
        if (request.method === 'GET') request.raw.resume();
        const call: IncomingCall = {
          params: stringParams(request.query, request.body, request.params),
          authorization: request.headers.authorization,
          userAgent: request.headers['user-agent'] ?? '',
          hangUp: hangUpOf(request.raw.socket),
          ip: request.ip,
          standings: [],
          files: filesOf(request.body),
          ignored: ignoredParameters(endpoint.params, request.query, request.body),
        };
        budget.run(() => answer(services, endpoint, call, reply));
      },
    });
  }

  for (const [url, allowed] of methodsByPath) {
    const others = allMethods.filter((method) => !(allowed as string[]).includes(method));
    if (others.length === 0) continue;
    app.route({
      method: [...others],
      url,
      handler: async (_request, reply) =>
        reply.code(405).header('Allow', allowed.join(', ')).send({
          result: 'error',
          msg: 'Method Not Allowed',
          code: 'BAD_REQUEST',
          allowed_methods: allowed,
        }),
    });
  }

  registerAvatarRoute(app, services);
  registerRealmIconRoute(app, services);
  registerRealmExportRoute(app, services);
  registerRealmEmojiRoute(app, services);
  registerEmojiDataRoute(app);
  registerUploadRoutes(app, services);
  registerTusRoutes(app, services, partialUploads);
  registerJoinPage(app, services);
  registerCallPages(app);
  registerWebhookRoute(app, services);

  app.setNotFoundHandler(async () => {
    throw errors.notFound();
  });
  app.setErrorHandler(async (error, request, reply) => {
    const { status, headers, body } = errorReply(bodyTooLarge(error, request) ?? error, log);
    return reply.code(status).headers(headers).send(body);
  });
  return app;
}
