import { z } from 'zod';

// How a Zulip server talks to the Mobile Push Notification Service, as Zulip
// 12.0's zerver/lib/remote_server.py does: every call under
// <service>/api/v1/remotes/, signed with the server's ID and key (HTTP Basic)
// once registered, 15 seconds each and no retry of its own: whoever calls
// decides when to try again.
const TIMEOUT_MS = 15_000;

/** The server's identity with the service: Zulip's ZULIP_ORG_ID and ZULIP_ORG_KEY. */
export interface ServiceIdentity {
  orgId: string;
  orgKey: string;
}

/** What the service answered: its JSON, or why there is none worth reading. */
export type ServiceAnswer =
  | { kind: 'answered'; body: Record<string, unknown> }
  /** No answer, a timeout or the service's own failure (5xx, with its status): worth trying again later. */
  | { kind: 'unreachable'; why: string; status?: number }
  /** The service said no, in its words: trying again changes nothing until someone acts. */
  | { kind: 'refused'; status: number; code: string; msg: string };

const errorBody = z.object({ msg: z.string().optional(), code: z.string().optional() });

export interface ServiceCall {
  /** Under /api/v1/remotes/, e.g. `server/register`. */
  path: string;
  /** Form fields, or a JSON body (Zulip posts notifications as JSON). */
  form?: Record<string, string>;
  json?: unknown;
  identity?: ServiceIdentity;
  /** Gives the call up (the host is stopping); it counts as unanswered. */
  signal?: AbortSignal;
}

/** Posts one call to the service at `baseUrl`; never throws for the service's sake. */
export async function callService(baseUrl: string, call: ServiceCall): Promise<ServiceAnswer> {
  const headers: Record<string, string> = { 'user-agent': 'ZulipServer/12.0 (Hearth)' };
  if (call.identity) {
    const { orgId, orgKey } = call.identity;
    headers.authorization = `Basic ${Buffer.from(`${orgId}:${orgKey}`).toString('base64')}`;
  }
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(serviceUrl(baseUrl, call.path), {
      method: 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
      signal: call.signal
        ? AbortSignal.any([call.signal, AbortSignal.timeout(TIMEOUT_MS)])
        : AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    return { kind: 'unreachable', why: unreachableWhy(error) };
  }
  if (response.status >= 500) {
    return {
      kind: 'unreachable',
      why: `the service failed (HTTP ${response.status})`,
      status: response.status,
    };
  }
  const parsed = parseJson(text);
  if (response.status === 200 && parsed !== null) return { kind: 'answered', body: parsed };
  const words = errorBody.safeParse(parsed ?? {});
  return {
    kind: 'refused',
    status: response.status,
    code: (words.success ? words.data.code : undefined) ?? 'BAD_REQUEST',
    msg:
      (words.success ? words.data.msg : undefined) ??
      `the service answered HTTP ${response.status}`,
  };
}

/** The service's address for a call: a base given with or without its final slash. */
export function serviceUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/remotes/${path}`;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function unreachableWhy(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no answer in ${TIMEOUT_MS / 1000} seconds`;
  }
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return (error as Error).message;
}
