import { ApiError } from '../errors';
import { isDamage, isDiskFull } from '../store/storageFaults';

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

const plain = (status: number, code: string, msg: string): ErrorReply => ({
  status,
  headers: {},
  body: { result: 'error', msg, code },
});

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
    return plain(status, 'BAD_REQUEST', error instanceof Error ? error.message : 'Bad request');
  }
  // Nothing of the request was kept (its transaction rolled back), so a
  // client may send it again; the host says so in its log once, not per request.
  if (isDiskFull(error)) {
    return plain(
      507,
      'DISK_FULL',
      "The server's disk is full: nothing was saved. Try again once its owner has freed some space.",
    );
  }
  // The host logs the damage once, with how to restore, and stops serving.
  if (isDamage(error)) {
    return plain(
      500,
      'INTERNAL_SERVER_ERROR',
      "The organization's database is damaged: the server stops serving it until its owner restores a backup.",
    );
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return plain(500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
}
