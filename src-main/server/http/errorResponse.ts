import { ApiError } from '../errors';
import { isDamage } from '../store/sqliteDamage';

export interface ErrorReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function headersFor(error: ApiError): Record<string, string> {
  // Zulip names its realm in the challenge so HTTP clients know to send Basic credentials.
  if (error.status === 401) return { 'WWW-Authenticate': 'Basic realm="zulip"' };
  const wait = error.extra['retry-after'];
  // The header takes whole seconds; the JSON keeps Zulip's fraction.
  if (error.status === 429 && typeof wait === 'number')
    return { 'Retry-After': String(Math.ceil(wait)) };
  return {};
}

/** Zulip's error JSON for anything thrown while answering a request. */
export function errorReply(error: unknown, log: (line: string) => void): ErrorReply {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      headers: headersFor(error),
      body: { result: 'error', msg: error.message, code: error.code, ...error.extra },
    };
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const msg = error instanceof Error ? error.message : 'Bad request';
    return { status, headers: {}, body: { result: 'error', msg, code: 'BAD_REQUEST' } };
  }
  if (isDamage(error)) {
    // The host logs the damage once, with how to restore, and stops serving.
    return {
      status: 500,
      headers: {},
      body: {
        result: 'error',
        msg: "The organization's database is damaged: the server stops serving it until its owner restores a backup.",
        code: 'INTERNAL_SERVER_ERROR',
      },
    };
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    status: 500,
    headers: {},
    body: { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' },
  };
}
