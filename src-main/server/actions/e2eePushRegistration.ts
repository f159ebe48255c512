import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import type { PushTokenKind } from '../store/pushDeviceTokens';
import {
  pushDeviceOf,
  queueForward,
  setPendingToken,
  setPushKey,
  type PushDeviceRow,
} from '../store/pushDevices';
import { pushServiceRow } from '../store/pushService';
import type { UserRow } from '../store/users';
import { refuseBots } from './humanUsersOnly';
import { pushServiceNotConfigured } from './pushRegistration';

// Zulip 12.0's register_push_device (zerver/views/push_notifications.py,
// feature level 468): a phone sends its push key, its token, or both; the
// token goes on to the push service in the background, and the phone
// follows its registration through `device` events.

export interface PushKeyFields {
  push_key: string;
  push_key_id: number;
}

export interface PushTokenFields {
  token_kind: PushTokenKind;
  token_id: string;
  bouncer_public_key: string;
  encrypted_push_registration: string;
}

export interface PushDeviceRegistration {
  device_id: number;
  key: PushKeyFields | null;
  token: PushTokenFields | null;
}

// libsodium's secretbox, the one cryptosystem Zulip 12 defines for push keys.
const SECRETBOX_KEY_TYPE = 0x31;
const PUSH_KEY_BYTES = 33;
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Zulip's check_push_key: standard Base64 of the type byte and a 32-byte key. */
function pushKeyBytes(pushKey: string): Buffer {
  const bytes = STRICT_BASE64.test(pushKey) ? Buffer.from(pushKey, 'base64') : null;
  if (bytes?.length !== PUSH_KEY_BYTES || bytes[0] !== SECRETBOX_KEY_TYPE) {
    throw errors.badRequest('Invalid `push_key`');
  }
  return bytes;
}

/**
 * Zulip keeps a token ID as the signed 64-bit integer its bytes spell and
 * answers it Base64 again: the same bytes, written one way.
 */
function canonicalTokenId(tokenId: string): string {
  const bytes = STRICT_BASE64.test(tokenId) ? Buffer.from(tokenId, 'base64') : null;
  if (!bytes || bytes.length === 0 || bytes.length > 8) {
    throw errors.badRequest('`token_id` is not Base64 encoded');
  }
  const signed = BigInt.asIntN(bytes.length * 8, BigInt(`0x${bytes.toString('hex')}`));
  const wide = Buffer.alloc(8);
  wide.writeBigInt64BE(signed);
  return wide.toString('base64');
}

const sameBytes = (bytes: Buffer, kept: Buffer | null) => kept !== null && bytes.equals(kept);

const announce = (services: Services, device: PushDeviceRow, change: Record<string, unknown>) =>
  services.queues.notify(plainNotice('device', { op: 'update', device_id: device.id, ...change }), [
    device.user_id,
  ]);

export function registerPushDevice(
  services: Services,
  user: UserRow,
  registration: PushDeviceRegistration,
): void {
  refuseBots(user);
  const { sql } = services;
  if (!pushServiceRow(sql)) throw pushServiceNotConfigured();
  const device = pushDeviceOf(sql, user.id, registration.device_id);
  if (!device) throw errors.badRequest('Invalid `device_id`');
  const { key, token } = registration;
  if (!token) {
    if (!key) {
      throw errors.badRequest(
        'Missing parameters: must provide either all push key fields, all token fields, or both.',
      );
    }
    rotateKey(services, device, key);
    return;
  }
  if (device.push_registration_error_code === null && device.pending_push_token_id !== null) {
    throw errors.badRequest('A registration for the device already in progress.');
  }
  if (!key && device.push_key_id === null) {
    throw errors.badRequest('No push registration exists to rotate token for.');
  }
  const keyBytes = key ? pushKeyBytes(key.push_key) : null;
  const tokenId = canonicalTokenId(token.token_id);
  const sameKey =
    key === null ||
    (device.push_key_id === key.push_key_id &&
      keyBytes !== null &&
      sameBytes(keyBytes, device.push_key));
  if (
    device.push_registration_error_code === null &&
    device.push_token_id === tokenId &&
    device.push_token_kind === token.token_kind &&
    sameKey
  ) {
    return;
  }
  const now = services.clock.now();
  const seconds = Math.floor(now / 1000);
  sql.transaction(() => {
    if (key && keyBytes) setPushKey(sql, device.id, keyBytes, key.push_key_id);
    setPendingToken(sql, device.id, { kind: token.token_kind, id: tokenId }, seconds);
    queueForward(
      sql,
      {
        device_id: device.id,
        token_id: tokenId,
        bouncer_public_key: token.bouncer_public_key,
        encrypted_push_registration: token.encrypted_push_registration,
      },
      now,
    );
  });
  announce(services, device, {
    ...(key ? { push_key_id: key.push_key_id } : {}),
    pending_push_token_id: tokenId,
    push_token_last_updated_timestamp: seconds,
    push_registration_error_code: null,
  });
  services.pushDelivery.wake();
}

/** A new key for a device already registered; the service never sees it. */
function rotateKey(services: Services, device: PushDeviceRow, key: PushKeyFields): void {
  if (device.push_key_id === null) {
    throw errors.badRequest('No push registration exists to rotate key for.');
  }
  const bytes = pushKeyBytes(key.push_key);
  if (device.push_key_id === key.push_key_id && sameBytes(bytes, device.push_key)) return;
  setPushKey(services.sql, device.id, bytes, key.push_key_id);
  announce(services, device, { push_key_id: key.push_key_id });
}
