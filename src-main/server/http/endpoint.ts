import type { HangUp } from '../events/queues';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { authenticate } from './auth';
import { decodeParams, type Decoded, type ParamSpecs, type RawParams } from './params';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface IncomingCall {
  params: RawParams;
  authorization: string | undefined;
  userAgent: string;
  /** Tells when the client hangs up, so long polls can stop waiting. */
  hangUp: HangUp;
}

export interface Call<S extends ParamSpecs> {
  services: Services;
  params: Decoded<S>;
  userAgent: string;
  hangUp: HangUp;
}

/**
 * An answer whose members (all but `result` and `msg`) are already JSON text,
 * never empty: for what many clients receive alike, written once for all.
 */
export class JsonAnswer {
  constructor(readonly members: string) {}
}

export type Result = Record<string, unknown> | JsonAnswer;

/** A route as the HTTP server sees it: decode, authenticate, run, answer. */
export interface Endpoint {
  method: Method;
  path: string;
  /** What the endpoint decodes, for documentation and the input sweep test. */
  params: ParamSpecs;
  /**
   * Answers at once unless the handler has to wait; refuses by throwing or,
   * once waiting, by rejecting. Most calls never wait, and a long poll that
   * does is cheaper to hold without an async frame per layer.
   */
  run(services: Services, call: IncomingCall): Result | Promise<Result>;
}

interface Definition<S extends ParamSpecs, C> {
  method: Method;
  path: string;
  params: S;
  /** Zulip's `allow_incoming_webhooks` view flag: incoming-webhook bots may call it. */
  allowIncomingWebhookBots?: true;
  handle(call: C): Result | Promise<Result>;
}

export function userEndpoint<S extends ParamSpecs>(
  definition: Definition<S, Call<S> & { user: UserRow }>,
): Endpoint {
  const access = { incomingWebhookBots: definition.allowIncomingWebhookBots === true };
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params,
    run: (services, incoming) => {
      const user = authenticate(services, incoming.authorization, access);
      return definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        user,
        userAgent: incoming.userAgent,
        hangUp: incoming.hangUp,
      });
    },
  };
}

export function publicEndpoint<S extends ParamSpecs>(definition: Definition<S, Call<S>>): Endpoint {
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params,
    run: (services, incoming) =>
      definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        userAgent: incoming.userAgent,
        hangUp: incoming.hangUp,
      }),
  };
}
