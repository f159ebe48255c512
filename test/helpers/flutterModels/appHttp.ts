/**
 * Requests as zulip-flutter's ApiConnection makes them (core.dart): GET
 * parameters in the query, others form-encoded in the body; a parameter the
 * app wraps in RawParameter goes as it is (a string here), any other is JSON.
 */

export interface AppResponse {
  status: number;
  json: unknown;
}

export interface AppAuth {
  email: string;
  apiKey: string;
}

export type AppCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  params?: Record<string, unknown>,
  options?: { timeoutMs?: number },
) => Promise<AppResponse>;

// The app's User-Agent when it has no device information (kFallbackUserAgentHeader).
const userAgent = 'ZulipFlutter';

function encoded(params: Record<string, unknown>): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined)
      fields.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return fields;
}

/** Calls the realm's `/api/v1` as the app does, signed in or not; a request timed out answers status 0. */
export function appCall(realmUrl: string, auth?: AppAuth): AppCall {
  return async (method, path, params = {}, options = {}) => {
    const url = new URL(`/api/v1/${path.replace(/^\//, '')}`, realmUrl);
    const headers: Record<string, string> = { 'User-Agent': userAgent };
    if (auth) {
      headers.Authorization = `Basic ${Buffer.from(`${auth.email}:${auth.apiKey}`).toString('base64')}`;
    }
    if (method === 'GET') url.search = encoded(params).toString();
    const body = method === 'GET' ? undefined : encoded(params);
    const signal =
      options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        headers,
        ...(body ? { body } : {}),
        ...(signal ? { signal } : {}),
      });
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: the app fails to read it too, and the text says why.
      }
      return { status: response.status, json };
    } catch (error) {
      if (signal?.aborted) return { status: 0, json: null };
      throw error;
    }
  };
}
