import type { z } from 'zod';
import { apiErrorSchema } from '../../wire';
import { ApiError, FileTooLargeError, NetworkError, NotZulipError, ProtocolError } from './errors';

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

/** A file sent as multipart form data, as Zulip's uploads take it. */
export interface OutgoingFile {
  filename: string;
  data: Uint8Array;
  /** Its media type, which the server keeps and serves it with; the server guesses when absent. */
  type?: string | undefined;
}

/** How much of a request's body has gone to the connection: bytes of the multipart body. */
export type UploadProgress = (sent: number, total: number) => void;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A file to send with the parameters, as multipart form data (Zulip's uploads). */
  file?: OutgoingFile;
  /** Told as the body of a request with a file goes out, up to its whole length. */
  onProgress?: UploadProgress;
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

/** A file the server holds, as it served it. */
export interface ServerFile {
  data: Uint8Array;
  /** Its media type, without parameters, lower case; empty when the server named none. */
  type: string;
  /** The name its Content-Disposition gives; null when it gives none. */
  name: string | null;
}

export interface FileRequestOptions {
  /** A larger file is refused (FileTooLargeError) without being read whole. */
  maxBytes: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface JsonPostOptions {
  /** Sent besides the content type, such as the header a tool names its events by. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface HttpClient {
  request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    params: Params,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  /**
   * GET of an uploaded file, outside /api/v1 (`user_uploads/…`, relative to the
   * server), with the same credentials and through the same fetch as the API.
   */
  getFile(path: string, options: FileRequestOptions): Promise<ServerFile>;
  /**
   * POST of a JSON body to a URL on the server (relative to it, or absolute),
   * as another tool posts to an incoming webhook. Such a URL carries its own
   * key, so the account's credentials are not sent; a URL elsewhere is refused.
   * Answers and fails as `request` does.
   */
  postJson<S extends z.ZodType>(
    url: string,
    body: unknown,
    schema: S,
    options?: JsonPostOptions,
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

/** The multipart body fetch would send for the parameters and the file, with its boundary. */
async function multipartBody(
  params: URLSearchParams,
  file: OutgoingFile,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  for (const [name, value] of params) form.append(name, value);
  const blob = new Blob([new Uint8Array(file.data)], file.type ? { type: file.type } : {});
  form.append('file', blob, file.filename);
  const encoded = new Response(form);
  return {
    bytes: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
}

const chunkBytes = 64 * 1024;

/**
 * The body as a stream the connection pulls a slice at a time, so that what
 * it has taken is what was sent, give or take the socket's buffer. The length
 * is known, so the request carries Content-Length rather than chunks, which
 * some proxies in front of Zulip refuse.
 */
function countedBody(bytes: Uint8Array, onProgress: UploadProgress): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= bytes.length) {
          controller.close();
          return;
        }
        const chunk = bytes.slice(sent, sent + chunkBytes);
        sent += chunk.length;
        controller.enqueue(chunk);
        onProgress(sent, bytes.length);
      },
    },
    { highWaterMark: 0 },
  );
}

async function bodyOf(
  method: string,
  params: URLSearchParams,
  options: RequestOptions,
): Promise<{ body?: BodyInit; headers?: Record<string, string>; duplex?: 'half' }> {
  if (method === 'GET') return {};
  if (!options.file) return { body: params };
  const { bytes, type } = await multipartBody(params, options.file);
  if (!options.onProgress) return { body: bytes, headers: { 'content-type': type } };
  return {
    body: countedBody(bytes, options.onProgress),
    headers: { 'content-type': type, 'content-length': String(bytes.length) },
    duplex: 'half',
  };
}

const serverRoot = (serverUrl: string): URL =>
  new URL(serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);

const apiBase = (serverUrl: string): URL => new URL('api/v1/', serverRoot(serverUrl));

const userAgent = { 'user-agent': 'Hearth' };

const headersFor = (server: ServerAddress | Credentials): Record<string, string> => {
  if (!('apiKey' in server)) return userAgent;
  const token = Buffer.from(`${server.email}:${server.apiKey}`).toString('base64');
  return { authorization: `Basic ${token}`, ...userAgent };
};

export function createHttpClient(
  server: ServerAddress | Credentials,
  options: HttpClientOptions = {},
): HttpClient {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const defaultTimeoutMs = options.timeoutMs ?? 30_000;
  const root = serverRoot(server.serverUrl);
  const base = apiBase(server.serverUrl);
  const headers = headersFor(server);

  const signalFor = (options: { signal?: AbortSignal; timeoutMs?: number }): AbortSignal => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
    return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  };

  /** Sends one request and reads Zulip's answer: parsed with `schema`, or the error it names. */
  async function exchange<S extends z.ZodType>(
    url: URL,
    init: RequestInit & { method: string },
    schema: S,
    callerSignal: AbortSignal | undefined,
  ): Promise<z.output<S>> {
    const { method } = init;
    let status: number;
    let retryAfterHeader: string | null;
    let text: string;
    try {
      const response = await fetchImpl(url, init);
      status = response.status;
      retryAfterHeader = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      // A caller's own abort (a Session stopping) is not a network failure.
      if (callerSignal?.aborted) throw callerSignal.reason;
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
  }

  const once: HttpClient['request'] = async (method, path, params, schema, requestOptions = {}) => {
    const url = new URL(path.replace(/^\//, ''), base);
    const encoded = encodeParams(params);
    if (method === 'GET') url.search = encoded.toString();
    const signal = signalFor(requestOptions);
    const { headers: bodyHeaders, ...body } = await bodyOf(method, encoded, requestOptions);
    return exchange(
      url,
      { method, headers: { ...headers, ...bodyHeaders }, ...body, signal },
      schema,
      requestOptions.signal,
    );
  };

  const postJson: HttpClient['postJson'] = async (url, body, schema, jsonOptions = {}) => {
    const target = new URL(url.replace(/^\//, ''), root);
    // The URL holds a key: it goes to this server or nowhere. The message
    // leaves out the query, where the key is.
    if (target.origin !== root.origin || !target.pathname.startsWith(root.pathname)) {
      throw new TypeError(`${target.origin}${target.pathname} is not on ${root.href}`);
    }
    return exchange(
      target,
      {
        method: 'POST',
        headers: { ...jsonOptions.headers, ...userAgent, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signalFor(jsonOptions),
      },
      schema,
      jsonOptions.signal,
    );
  };

  async function getFile(path: string, fileOptions: FileRequestOptions): Promise<ServerFile> {
    const relative = path.replace(/^\//, '');
    // Credentials go with the uploads' own paths only, never to another page of the server.
    if (!relative.startsWith('user_uploads/')) {
      throw new TypeError(`${path} is not an uploaded file's path`);
    }
    const url = new URL(relative, root);
    let response: Response;
    try {
      response = await fetchImpl(url, { headers, signal: signalFor(fileOptions) });
    } catch (error) {
      if (fileOptions.signal?.aborted) throw fileOptions.signal.reason;
      throw new NetworkError(`GET ${url.pathname} failed: ${describe(error)}`, { cause: error });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const failure = apiErrorSchema.safeParse(safeJson(text));
      if (failure.success) {
        const code = failure.data.code ?? 'BAD_REQUEST';
        throw new ApiError(response.status, code, failure.data.msg, failure.data);
      }
      throw new NotZulipError(
        response.status,
        `GET ${url.pathname} answered HTTP ${response.status}`,
      );
    }
    const data = await readAtMost(response, fileOptions.maxBytes, url);
    return {
      data,
      type: (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
      name: dispositionName(response.headers.get('content-disposition')),
    };
  }

  return {
    getFile,
    postJson,
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

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A response's body, refused once it is longer than `maxBytes`, as said or as it comes. */
async function readAtMost(response: Response, maxBytes: number, url: URL): Promise<Uint8Array> {
  const said = Number(response.headers.get('content-length') ?? Number.NaN);
  const tooLarge = (size: number) => {
    void response.body?.cancel().catch(() => undefined);
    return new FileTooLargeError(`${url.pathname} is ${size} bytes or more`, size, maxBytes);
  };
  if (said > maxBytes) throw tooLarge(said);
  const chunks: Uint8Array[] = [];
  let length = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      length += chunk.length;
      if (length > maxBytes) throw tooLarge(length);
      chunks.push(chunk);
    }
  }
  const data = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.length;
  }
  return data;
}

/** RFC 6266's file name: RFC 8187's `filename*` when there is one, else the plain `filename`. */
export function dispositionName(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;\s]+)/i.exec(header);
  if (extended?.[2] !== undefined) {
    try {
      return decodeURIComponent(extended[2]);
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name === undefined || name === '' ? null : name;
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
