import type { HangUp } from '../events/queues';
import type { Services } from '../services';
import type { UserRow } from '../store/users';
import { errors, type ApiError } from '../errors';
import { authenticate } from './auth';
import type { UploadedFile } from './body';
import { decodeParams, type Decoded, type ParamSpecs, type RawParams } from './params';
import type { RateStanding, UserBucket } from './rateLimits';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

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
  /** The file a multipart request carried, if any. */
  files: readonly UploadedFile[];
  /** The query and form parameters the endpoint does not read, for its success answer to name. */
  ignored: readonly string[];
}

export interface Call<S extends ParamSpecs> {
  services: Services;
  params: Decoded<S>;
  /** Empty unless the endpoint takes files. */
  files: readonly UploadedFile[];
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
 * every layer up to the HTTP server. A check that has to wait (a DNS lookup)
 * may still refuse, by sending an error.
 */
export type Later = (send: (result: Result | Error) => void) => void;

/** A route as the HTTP server sees it: decode, authenticate, run, answer. */
export interface Endpoint {
  method: Method;
  path: string;
  /** What the endpoint decodes, for documentation and the input sweep test. */
  params: ParamSpecs;
  /** The largest file it takes; absent for one that takes none. */
  maxFileBytes?: number;
  /** Its refusal of a larger file, where Zulip words it otherwise than `errors.fileTooLarge`. */
  fileTooLarge?: (maxBytes: number) => ApiError;
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
  /** The largest file the endpoint takes; without it, a request with a file is refused. */
  maxFileBytes?: number;
  /** Its refusal of a larger file, where Zulip words it otherwise than `errors.fileTooLarge`. */
  fileTooLarge?: (maxBytes: number) => ApiError;
  /** Which of the user's rate-limit counts the endpoint's requests go to (default `api`). */
  rateBucket?: UserBucket;
  /**
   * Refuses a caller before the parameters are read, as Zulip's view
   * decorators (require_realm_admin) do.
   */
  authorize?: (user: UserRow) => void;
  handle(call: C): Result | Later;
}

export type FileLimit = Pick<Endpoint, 'maxFileBytes' | 'fileTooLarge'>;

// Zulip ignores a file an endpoint does not read; Hearth says so, rather than
// let a client believe its file went somewhere. A file too large is refused
// with the endpoint's words for it.
function filesFor(definition: FileLimit, incoming: IncomingCall) {
  if (incoming.files.length === 0) return incoming.files;
  const max = definition.maxFileBytes;
  if (max === undefined) throw errors.badRequest('File uploads are not supported here');
  if (incoming.files.some((file) => file.data.length > max)) throw fileTooLarge(definition, max);
  return incoming.files;
}

/** The endpoint's refusal of a file past `maxBytes`. */
export function fileTooLarge(endpoint: FileLimit, maxBytes: number): ApiError {
  return (endpoint.fileTooLarge ?? errors.fileTooLarge)(maxBytes);
}

const fileLimit = (definition: FileLimit): FileLimit => ({
  ...(definition.maxFileBytes === undefined ? {} : { maxFileBytes: definition.maxFileBytes }),
  ...(definition.fileTooLarge === undefined ? {} : { fileTooLarge: definition.fileTooLarge }),
});

export function userEndpoint<S extends ParamSpecs>(
  definition: Definition<S, Call<S> & { user: UserRow }>,
): Endpoint {
  const access = { incomingWebhookBots: definition.allowIncomingWebhookBots === true };
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params,
    ...fileLimit(definition),
    run: (services, incoming) => {
      const user = authenticate(services, incoming.authorization, access);
      services.rateLimits?.user(user.id, incoming.standings, definition.rateBucket);
      definition.authorize?.(user);
      return definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        files: filesFor(definition, incoming),
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
    ...fileLimit(definition),
    run: (services, incoming) => {
      services.rateLimits?.ip(incoming.ip, incoming.standings);
      return definition.handle({
        services,
        params: decodeParams(definition.params, incoming.params),
        files: filesFor(definition, incoming),
        userAgent: incoming.userAgent,
        hangUp: incoming.hangUp,
        standings: incoming.standings,
      });
    },
  };
}
