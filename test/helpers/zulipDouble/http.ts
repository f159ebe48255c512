import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticatedUser } from './auth';
import type { Context } from './context';
import { badRequest } from './errors';
import { MultipartBody } from './multipart';
import type { RawParams } from './params';

/** The query string and the form or multipart body as one set of string parameters, as Zulip's REQ reads them. */
export function rawParams(request: FastifyRequest): RawParams {
  const merged: Record<string, string> = {};
  const body = request.body instanceof MultipartBody ? request.body.fields : request.body;
  for (const source of [request.query, body]) {
    if (source === null || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') merged[name] = first;
    }
  }
  return merged;
}

export function idParam(request: FastifyRequest, name: string): number {
  const value = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d+$/.test(value)) throw badRequest(`Invalid ${name}`);
  return Number(value);
}

export const success = (fields: Record<string, unknown> = {}) => ({
  result: 'success',
  msg: '',
  ...fields,
});

/**
 * Zulip's answer to parameters an endpoint does not take (feature level 167):
 * success, naming them in `ignored_parameters_unsupported`.
 */
export function successIgnoring(raw: RawParams, known: readonly string[]) {
  const ignored = Object.keys(raw).filter((name) => !known.includes(name));
  return success(ignored.length > 0 ? { ignored_parameters_unsupported: ignored } : {});
}

export type Handler = (userId: number, request: FastifyRequest, reply: FastifyReply) => unknown;

/** Wraps a handler so it runs as the request's authenticated user. */
export const authedWith =
  (context: () => Context) =>
  (handler: Handler) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const userId = authenticatedUser(context().org, request);
    return handler(userId, request, reply);
  };
