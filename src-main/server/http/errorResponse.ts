import { ApiError } from '../errors';

export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Zulip's error JSON for anything thrown while answering a request. */
export function errorReply(error: unknown, log: (line: string) => void): ErrorReply {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      // Zulip names its realm in the challenge so HTTP clients know to send Basic credentials.
      headers: error.status === 401 ? { 'WWW-Authenticate': 'Basic realm="zulip"' } : {},
      body: { result: 'error', msg: error.message, code: error.code, ...error.extra },
    };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const msg = error instanceof Error ? error.message : 'Bad request';
    return { status, headers: {}, body: { result: 'error', msg, code: 'BAD_REQUEST' } };
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    status: 500,
    headers: {},
    body: { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' },
  };
}
