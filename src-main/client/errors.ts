/** The server answered with Zulip's error JSON; `code` is Zulip's machine-readable reason. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** No usable answer reached us: refused, reset, timed out, or not Zulip's JSON at all. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export const isBadEventQueue = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'BAD_EVENT_QUEUE_ID';

/** The server answered success, but not in the shape the wire schema expects. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}
