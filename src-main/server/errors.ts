/**
 * The one error type of the service. Actions and handlers throw it; the HTTP
 * layer turns it into Zulip's error JSON (`result`, `msg`, `code` and any
 * context fields such as `stream` or `queue_id`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string = 'BAD_REQUEST',
    readonly status: number = 400,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whatever was thrown, as an Error a caller can hand on. */
export const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown));

export const errors = {
  badRequest: (msg: string) => new ApiError(msg),
  missingArgument: (name: string) =>
    new ApiError(`Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', 400, {
      var_name: name,
    }),
  invalidArgument: (name: string, why: string) =>
    new ApiError(`Invalid ${name}: ${why}`, 'BAD_REQUEST', 400, { var_name: name }),
  streamDoesNotExist: (stream: string) =>
    new ApiError(`Channel '${stream}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, { stream }),
  /** Zulip's StreamWithIDDoesNotExistError, for a channel named by its ID. */
  streamWithIdDoesNotExist: (streamId: number) =>
    new ApiError(`Channel with ID '${streamId}' does not exist`, 'STREAM_DOES_NOT_EXIST', 400, {
      stream_id: streamId,
    }),
  badEventQueueId: (queueId: string) =>
    new ApiError(`Bad event queue ID: ${queueId}`, 'BAD_EVENT_QUEUE_ID', 400, {
      queue_id: queueId,
    }),
  /** Zulip's IncompatibleParametersError, naming every parameter of the clash. */
  incompatibleParameters: (names: readonly string[]) =>
    new ApiError(`Unsupported parameter combination: ${names.join(', ')}`, 'BAD_REQUEST', 400, {
      parameters: names.join(', '),
    }),
  badNarrow: (why: string) => new ApiError(`Invalid narrow operator: ${why}`, 'BAD_NARROW'),
  unauthorized: (msg: string, code = 'UNAUTHORIZED') => new ApiError(msg, code, 401),
  /** Zulip's answer to a login with no such user or a wrong password: the same for both. */
  authenticationFailed: () =>
    new ApiError('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401),
  // Given only to a caller who proved the key or password: it reveals nothing
  // about which emails exist.
  userDeactivated: () => new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401),
  realmDeactivated: () =>
    new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401),
  /** Zulip's Organization{Administrator,Owner}RequiredError and the like. */
  unauthorizedPrincipal: (msg: string) => new ApiError(msg, 'UNAUTHORIZED_PRINCIPAL'),
  notFound: (msg = 'Not Found') => new ApiError(msg, 'BAD_REQUEST', 404),
  forbidden: (msg: string) => new ApiError(msg, 'BAD_REQUEST', 403),
  /** Zulip's words for the limit of an endpoint taking an image (emoji, icon, logo, avatar). */
  fileTooLarge: (maxBytes: number) =>
    new ApiError(
      `Uploaded file is larger than the allowed limit of ${maxBytes / (1024 * 1024)} MiB`,
    ),
  /** Zulip 12's words for the server's MAX_FILE_UPLOAD_SIZE, as a self-hosted server words them. */
  uploadTooLarge: (maxBytes: number) =>
    new ApiError(
      `File is larger than this server's configured maximum upload size (${maxBytes / (1024 * 1024)} MiB).`,
    ),
  webhookTooLarge: (maxBytes: number) =>
    new ApiError(
      `The webhook's body is larger than the ${maxBytes / (1024 * 1024)} MiB a webhook may send`,
      'BAD_REQUEST',
      413,
    ),
  /** `seconds` until the caller may try again, fractional as Zulip sends it. */
  rateLimited: (seconds: number) =>
    new ApiError('API usage exceeded rate limit', 'RATE_LIMIT_HIT', 429, {
      'retry-after': seconds,
    }),
};
