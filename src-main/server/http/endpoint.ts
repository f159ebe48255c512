import type { HangUp } from '../events/queues';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { authenticate } from './auth';
import { decodeParams, type Decoded, type ParamSpecs, type RawParams } from './params';
import type { RateStanding } from './rateLimits';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface IncomingCall {
  params: RawParams;
  authorization: string | undefined;
  userAgent: string;
  /** Tells when the client hangs up, so long polls can stop waiting. */
  hangUp: HangUp;
  /** The caller's address, which limits unauthenticated requests. */
  ip: string;
  /** Where the request stands under each rate limit it came under, for the answer's headers. */
  standings: RateStanding[];
}

export interface Call<S extends ParamSpecs> {
  services: Services;
  params: Decoded<S>;
  userAgent: string;
  hangUp: HangUp;
  standings: RateStanding[];
}

/**
 * An answer whose members (all but `result` and `msg`) are already JSON text,
 * never empty: for what many clients receive alike, written once for all.
 */
export class JsonAnswer {
  constructor(readonly members: string) {}
}

export type Result = Record<string, unknown> | JsonAnswer;

/**
 * An answer that is not ready yet. It is handed the function that sends the
 * result, and calls it once, now or later. A waiting long poll then holds a
 * closure or two, where a promise chain held a promise and a reaction at
 * every layer up to the HTTP server.
 */
export type Later = (send: (result: Result) => void) => void;

/** A route as the HTTP server sees it: decode, authenticate, run, answer. */
export interface Endpoint {
  method: Method;
  path: string;
  /** What the endpoint decodes, for documentation and the input sweep test. */
  params: ParamSpecs;
  /**
   * Answers at once, or with a `Later` when the handler may have to wait;
   * refuses by throwing, before it waits.
   */
  run(services: Services, call: IncomingCall): Result | Later;
}

interface Definition<S extends ParamSpecs, C> {
  method: Method;
  path: string;
  params: S;
  /** Zulip's `allow_incoming_webhooks` view flag: incoming-webhook bots may call it. */
  allowIncomingWebhookBots?: true;
  handle(call: C): Result | Later;
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
      services.rateLimits?.user(user.id, incoming.standings);
      return definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        user,
        userAgent: incoming.userAgent,
        hangUp: incoming.hangUp,
        standings: incoming.standings,
      });
    },
  };
}

export function publicEndpoint<S extends ParamSpecs>(definition: Definition<S, Call<S>>): Endpoint {
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params,
    run: (services, incoming) => {
      services.rateLimits?.ip(incoming.ip, incoming.standings);
      return definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        userAgent: incoming.userAgent,
        hangUp: incoming.hangUp,
        standings: incoming.standings,
      });
    },
  };
}
