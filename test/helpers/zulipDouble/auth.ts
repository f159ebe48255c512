import type { FastifyRequest } from 'fastify';
import { ZulipError, unauthorized, userDeactivated } from './errors';
import type { Org } from './org';

/** The email and API key of a request's HTTP Basic credentials, if it has any. */
export function basicCredentials(request: FastifyRequest): { email: string; apiKey: string } {
  const header = request.headers.authorization;
  if (!header) throw unauthorized("Missing 'Authorization' header.");
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('This endpoint requires HTTP basic authentication.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new ZulipError(401, 'UNAUTHORIZED', 'Invalid API key');
  return { email: decoded.slice(0, colon), apiKey: decoded.slice(colon + 1) };
}

/**
 * The user of a request's HTTP Basic credentials (email:api_key), refused as
 * Zulip refuses them: an unknown key, then a deactivated account.
 */
export function authenticatedUser(org: Org, request: FastifyRequest): number {
  const { email, apiKey } = basicCredentials(request);
  const user = org.userByEmail(email);
  if (!user || org.apiKeys.get(user.user_id) !== apiKey) {
    throw new ZulipError(401, 'UNAUTHORIZED', 'Invalid API key');
  }
  if (!user.is_active) throw userDeactivated();
  return user.user_id;
}

/** POST /fetch_api_key: the key of the user whose email and password match. */
export function fetchApiKey(org: Org, username: string | undefined, password: string | undefined) {
  const user = org.userByEmail(username ?? '');
  if (!user || user.is_bot || org.passwords.get(user.user_id) !== password) {
    throw new ZulipError(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  }
  if (!user.is_active) throw userDeactivated();
  return { api_key: org.apiKeys.get(user.user_id), email: user.email, user_id: user.user_id };
}
