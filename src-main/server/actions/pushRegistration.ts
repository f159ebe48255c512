import { ApiError, errors } from '../errors';
import type { Services } from '../services';
import {
  deleteLegacyPushToken,
  hasLegacyPushToken,
  saveLegacyPushToken,
  type PushTokenKind,
} from '../store/pushDeviceTokens';
import type { UserRow } from '../store/users';
import { refuseBots } from './humanUsersOnly';

// The push APIs of the tokens phones sent in the clear before Zulip's E2EE
// protocol: kept as Zulip keeps them, and never sent to: the host notifies
// phones only end to end encrypted.

/** Zulip's PushServiceNotConfiguredError, as /mobile_push/register documents it. */
export const pushServiceNotConfigured = () =>
  new ApiError(
    'Server is not configured to use push notification service.',
    'PUSH_SERVICE_NOT_CONFIGURED',
  );

/**
 * Zulip's send_test_push_notification_api: a named token must be the user's;
 * with neither the service nor Apple's or Google's credentials, Zulip drops
 * the notification, and so does the host.
 */
export function sendLegacyTestNotification(
  services: Services,
  user: UserRow,
  token: string | undefined,
): void {
  refuseBots(user);
  if (token !== undefined && !hasLegacyPushToken(services.sql, user.id, token)) {
    throw new ApiError('Device not recognized', 'INVALID_PUSH_DEVICE_TOKEN');
  }
}

// Zulip's validate_token: any length up to 4096, and an APNs token must be base64.
const MAX_TOKEN_LENGTH = 4096;

function checkToken(token: string, kind: PushTokenKind): void {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) {
    throw errors.badRequest('Empty or invalid length token');
  }
  if (kind === 'apns' && !decodesAsBase64(token)) throw errors.badRequest('Invalid APNS token');
}

/**
 * Python's lenient base64 decoding, which Zulip's b64_to_hex uses: characters
 * outside the alphabet are skipped, and what remains must end on a whole
 * group once padded by the `=` given.
 */
function decodesAsBase64(token: string): boolean {
  const kept = token.replace(/[^A-Za-z0-9+/=]/g, '');
  const data = kept.replace(/=.*$/, '');
  const padding = kept.length - data.length;
  const rest = data.length % 4;
  if (rest === 1) return false;
  return rest === 0 || padding >= 4 - rest;
}

/** Zulip's add_apns_device_token and add_android_reg_id: stored, to be used once the host can send. */
export function addLegacyPushToken(
  services: Services,
  user: UserRow,
  kind: PushTokenKind,
  token: string,
  iosAppId: string | null,
): void {
  refuseBots(user);
  checkToken(token, kind);
  saveLegacyPushToken(
    services.sql,
    { userId: user.id, kind, token, iosAppId },
    Math.floor(Date.now() / 1000),
  );
}

/** Zulip's remove_apns_device_token and remove_android_reg_id. */
export function removeLegacyPushToken(
  services: Services,
  user: UserRow,
  kind: PushTokenKind,
  token: string,
): void {
  refuseBots(user);
  checkToken(token, kind);
  if (!deleteLegacyPushToken(services.sql, user.id, kind, token)) {
    throw errors.badRequest('Token does not exist');
  }
}
