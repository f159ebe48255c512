import type { FastifyRequest } from 'fastify';
import { ZulipError, unauthorized } from './errors';
import type { Org } from './org';

/** The user of a request's HTTP Basic credentials (email:api_key), refused as Zulip refuses them. */
export function authenticatedUser(org: Org, request: FastifyRequest): number {
  const header = request.headers.authorization;
  if (!header) throw unauthorized("Missing 'Authorization' header.");
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('This endpoint requires HTTP basic authentication.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const email = decoded.slice(0, colon);
  const apiKey = decoded.slice(colon + 1);
  const seat = Object.values(org.seats).find(
    (each) => each.user.email.toLowerCase() === email.toLowerCase() && each.apiKey === apiKey,
  );
  if (colon < 0 || !seat) throw new ZulipError(401, 'UNAUTHORIZED', 'Invalid API key');
  return seat.user.user_id;
}

/** POST /fetch_api_key: the key of the seeded user whose email and password match. */
export function fetchApiKey(org: Org, username: string | undefined, password: string | undefined) {
  const seat = Object.values(org.seats).find(
    (each) => each.user.email.toLowerCase() === (username ?? '').toLowerCase(),
  );
  if (!seat || seat.password !== password) {
    throw new ZulipError(401, 'AUTHENTICATION_FAILED', 'Your username or password is incorrect');
  }
  return { api_key: seat.apiKey, email: seat.user.email, user_id: seat.user.user_id };
}
