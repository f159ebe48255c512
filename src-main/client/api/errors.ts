/** The server answered with Zulip's error JSON; `code` is Zulip's machine-readable reason. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Readonly<Record<string, unknown>>,
    /** How long the server asked us to wait before trying again, in whole seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** No usable answer reached us: refused, reset, timed out, or not Zulip's JSON at all. */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
}

/** Something answered, but not with Zulip's JSON: a web page, a proxy's error, another API. */
export class NotZulipError extends NetworkError {
  override readonly name = 'NotZulipError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const isBadEventQueue = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'BAD_EVENT_QUEUE_ID';

/** The server answered success, but not in the shape the wire schema expects. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** A file larger than the server takes, or than the client reads: nothing of it was kept. */
export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';

  constructor(
    message: string,
    /** Its size in bytes, or as much of it as was seen before giving up. */
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(message);
  }
}
