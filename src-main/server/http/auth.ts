import { timingSafeEqual } from 'node:crypto';
import { errors } from '../errors';
import type { Services } from '../services';
import type { Sql } from '../store/sql';
import { BotType, userByApiKey } from '../store/bots';
import { isRealmDeactivated } from '../store/realmDeactivation';
import { userByEmail, type UserRow } from '../store/users';

// Constant-time over the key's bytes; a length mismatch returns early, which
// tells only the length, and every API key Hearth issues has the same one.
function sameKey(given: Buffer, expected: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  return given.length === expectedBytes.length && timingSafeEqual(given, expectedBytes);
}

const COLON = 0x3a;

// The key stays in the decoded bytes: a colon byte is never part of a longer
// UTF-8 character, so the email ends at the first one, as it would in the text.
function credentials(header: string): { email: string; apiKey: Buffer } {
  const [scheme, encoded] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) {
    throw errors.unauthorized('This endpoint requires HTTP basic authentication.');
  }
  const decoded = Buffer.from(encoded, 'base64');
  const colon = decoded.indexOf(COLON);
  if (colon < 0) throw errors.unauthorized('Invalid HTTP basic authentication header.');
  return { email: decoded.toString('utf8', 0, colon), apiKey: decoded.subarray(colon + 1) };
}

function checkedUser(sql: Sql, header: string): UserRow {
  const { email, apiKey } = credentials(header);
  const user = userByEmail(sql, email);
  // Zulip's system bots speak only for the server: no key signs in as one.
  if (!user || user.is_system_bot === 1 || !sameKey(apiKey, user.api_key)) {
    throw errors.unauthorized('Invalid API key');
  }
  if (user.is_active !== 1) throw errors.userDeactivated();
  return user;
}

interface Access {
  incomingWebhookBots: boolean;
}

const usersOnly: Access = { incomingWebhookBots: false };

/**
 * HTTP Basic with email and API key, as every Zulip client sends it. Every
 * failure is 401 UNAUTHORIZED (Zulip itself names a wrong key INVALID_API_KEY);
 * clients act on the 401 and the `WWW-Authenticate` challenge, and one code
 * keeps them from telling which emails exist. The right key of a deactivated
 * account gets Zulip's USER_DEACTIVATED, and any right key of a deactivated
 * organization REALM_DEACTIVATED, so that its client can say so.
 */
export function authenticate(
  services: Services,
  header: string | undefined,
  access: Access = usersOnly,
): UserRow {
  if (!header) {
    throw errors.unauthorized('Not logged in: API authentication or user session required');
  }
  let user = services.authCache.userFor(header);
  if (!user) {
    user = checkedUser(services.sql, header);
    services.authCache.remember(header, user);
  }
  if (isRealmDeactivated(services.sql)) throw errors.realmDeactivated();
  // Zulip's validate_api_key: an incoming-webhook bot's key only sends
  // messages (and posts to /external, which authenticates on its own).
  if (user.bot_type === BotType.incomingWebhook && !access.incomingWebhookBots) {
    throw errors.unauthorized('This API is not available to incoming webhook bots.');
  }
  return user;
}

/**
 * A key given alone, as `api_key=` in a URL: Zulip's webhook URLs, and the
 * file URLs of clients that cannot send a header (its legacy uploads view).
 */
export function authenticateByApiKey(
  services: Services,
  apiKey: string,
  access: Access = usersOnly,
): UserRow {
  const key = apiKey.trim();
  if (!/^[A-Za-z0-9]{32}$/.test(key)) throw errors.unauthorized('Malformed API key');
  const user = userByApiKey(services.sql, key);
  if (!user) throw errors.unauthorized('Invalid API key');
  if (user.is_active !== 1) throw errors.userDeactivated();
  if (isRealmDeactivated(services.sql)) throw errors.realmDeactivated();
  if (user.bot_type === BotType.incomingWebhook && !access.incomingWebhookBots) {
    throw errors.unauthorized('This API is not available to incoming webhook bots.');
  }
  return user;
}
