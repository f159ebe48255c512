import type { z } from 'zod';
import { apiErrorSchema } from '../wire';
import { ApiError, NetworkError, NotZulipError, ProtocolError } from './errors';

/** A server to call without signing in, as for GET /server_settings and POST /fetch_api_key. */
export interface ServerAddress {
  serverUrl: string;
}

export interface Credentials extends ServerAddress {
  email: string;
  apiKey: string;
}

export type ParamValue =
  string | number | boolean | readonly unknown[] | Readonly<Record<string, unknown>>;
export type Params = Readonly<Record<string, ParamValue | undefined>>;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A file to send with the parameters, as multipart form data (Zulip's uploads). */
  file?: { filename: string; data: Uint8Array };
  /**
   * Whether a request the server refused for the rate limit is sent again
   * once the wait it names is over. Reads (GET) are by default; a POST that
   * changes nothing (register) may say so.
   */
  retryRateLimited?: boolean;
}

// Reads wait out a rate limit up to this many times, and at most this long each.
const RATE_LIMIT_RETRIES = 3;
const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

export interface HttpClient {
  request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    params: Params,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
}

export interface HttpClientOptions {
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /**
   * False for a form the person waits on (probing a server, signing in):
   * a rate limit is then reported at once, with its wait, instead of waited out.
   */
  waitOutRateLimits?: boolean;
}

// Zulip decodes list, object and boolean arguments as JSON; strings travel as-is.
const encodeParams = (params: Params): URLSearchParams => {
  const encoded = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    encoded.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return encoded;
};

function withFile(params: URLSearchParams, file: { filename: string; data: Uint8Array }): FormData {
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file.data)]), file.filename);
  return form;
}

const apiBase = (serverUrl: string): URL =>
  new URL('api/v1/', serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);

const headersFor = (server: ServerAddress | Credentials): Record<string, string> => {
  if (!('apiKey' in server)) return { 'user-agent': 'Hearth' };
  const token = Buffer.from(`${server.email}:${server.apiKey}`).toString('base64');
  return { authorization: `Basic ${token}`, 'user-agent': 'Hearth' };
};

export function createHttpClient(
  server: ServerAddress | Credentials,
  options: HttpClientOptions = {},
): HttpClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const defaultTimeoutMs = options.timeoutMs ?? 30_000;
  const base = apiBase(server.serverUrl);
  const headers = headersFor(server);

  const once: HttpClient['request'] = async (method, path, params, schema, requestOptions = {}) => {
    const url = new URL(path.replace(/^\//, ''), base);
    const encoded = encodeParams(params);
    if (method === 'GET') url.search = encoded.toString();
    const body = requestOptions.file ? withFile(encoded, requestOptions.file) : encoded;
    const timeout = AbortSignal.timeout(requestOptions.timeoutMs ?? defaultTimeoutMs);
    const signal = requestOptions.signal
      ? AbortSignal.any([requestOptions.signal, timeout])
      : timeout;

    let status: number;
    let retryAfterHeader: string | null;
    let text: string;
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        ...(method === 'GET' ? {} : { body }),
        signal,
      });
      status = response.status;
      retryAfterHeader = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      // A caller's own abort (a Session stopping) is not a network failure.
      if (requestOptions.signal?.aborted) throw requestOptions.signal.reason;
      throw new NetworkError(`${method} ${url.pathname} failed: ${describe(error)}`, {
        cause: error,
      });
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new NotZulipError(
        status,
        `${method} ${url.pathname} answered HTTP ${status} without Zulip JSON`,
      );
    }

    const failure = apiErrorSchema.safeParse(json);
    if (failure.success) {
      // Zulip's own default when an error names no more specific code.
      const code = failure.data.code ?? 'BAD_REQUEST';
      const retryAfter = retryAfterSeconds(retryAfterHeader, failure.data['retry-after']);
      throw new ApiError(status, code, failure.data.msg, failure.data, retryAfter);
    }
    if (status < 200 || status >= 300) {
      throw new NotZulipError(
        status,
        `${method} ${url.pathname} answered HTTP ${status} without Zulip JSON`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProtocolError(
        `${method} ${url.pathname}: unexpected response: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  };

  return {
    // A busy window reads faster than a server's limit allows (Zulip's 200 a
    // minute): a refused read waits the time the server names and goes again,
    // rather than showing the reader an error.
    async request(method, path, params, schema, requestOptions = {}) {
      const retries =
        options.waitOutRateLimits !== false &&
        (requestOptions.retryRateLimited ?? method === 'GET');
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await once(method, path, params, schema, requestOptions);
        } catch (error) {
          const limited = error instanceof ApiError && error.status === 429;
          if (!limited || !retries || attempt >= RATE_LIMIT_RETRIES) throw error;
          const seconds = Math.min(error.retryAfterSeconds ?? 1, MAX_RATE_LIMIT_WAIT_SECONDS);
          await pause(seconds * 1000, requestOptions.signal);
        }
      }
    },
  };
}

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
};

// Zulip's 429 carries the wait both as a Retry-After header and as a
// `retry-after` field in seconds (fractional); a proxy may send only the header,
// possibly as an HTTP date.
function retryAfterSeconds(header: string | null, field: unknown): number | undefined {
  if (typeof field === 'number' && Number.isFinite(field) && field >= 0) return Math.ceil(field);
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
