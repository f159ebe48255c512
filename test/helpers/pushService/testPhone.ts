import { randomBytes } from 'node:crypto';
import sodium from 'libsodium-wrappers';
import { tokenIdOf, type Delivery } from './standInService';

// A phone as Zulip's mobile app registers for E2EE notifications (its
// lib/api/route/notifications.dart and api/notifications.dart): a secretbox
// key with its type byte and a random 32-bit ID, a token from Apple or
// Google, and the token sealed to the service's public key.

export interface TestPhone {
  token: string;
  tokenKind: 'fcm' | 'apns';
  pushKey: Uint8Array;
  pushKeyId: number;
  /** The key fields of POST /mobile_push/register. */
  keyFields(): { push_key: string; push_key_id: number };
  /** The token fields of POST /mobile_push/register, sealed at `timestamp` (Unix seconds). */
  tokenFields(
    servicePublicKey: string,
    timestamp?: number,
  ): {
    token_kind: string;
    token_id: string;
    bouncer_public_key: string;
    encrypted_push_registration: string;
  };
  /** Opens a notification the service delivered to this phone, as the app does. */
  open(delivery: Delivery): Record<string, unknown>;
  /** A new key, as the app rotates it. */
  rotateKey(): void;
}

const SECRETBOX_KEY_TYPE = 0x31;

export async function makeTestPhone(tokenKind: 'fcm' | 'apns' = 'fcm'): Promise<TestPhone> {
  await sodium.ready;
  const newKey = () => Uint8Array.from([SECRETBOX_KEY_TYPE, ...randomBytes(32)]);
  const phone: TestPhone = {
    // An APNs token is hex; an FCM one is an opaque string of the same sort.
    token:
      tokenKind === 'apns'
        ? randomBytes(32).toString('hex')
        : `fcm:${randomBytes(24).toString('base64url')}`,
    tokenKind,
    pushKey: newKey(),
    pushKeyId: randomBytes(4).readUInt32BE(),
    keyFields: () => ({
      push_key: Buffer.from(phone.pushKey).toString('base64'),
      push_key_id: phone.pushKeyId,
    }),
    tokenFields: (servicePublicKey, timestamp = Math.floor(Date.now() / 1000)) => {
      const registration = {
        token_kind: tokenKind,
        token: phone.token,
        timestamp,
        ...(tokenKind === 'apns' ? { ios_app_id: 'com.zulip.flutter' } : {}),
      };
      const sealed = sodium.crypto_box_seal(
        JSON.stringify(registration),
        Buffer.from(servicePublicKey, 'base64'),
      );
      return {
        token_kind: tokenKind,
        token_id: tokenIdOf(phone.token),
        bouncer_public_key: servicePublicKey,
        encrypted_push_registration: Buffer.from(sealed).toString('base64'),
      };
    },
    open: (delivery) => {
      const payload = delivery.request.payload as { push_key_id: unknown; encrypted_data: string };
      if (Number(payload.push_key_id) !== phone.pushKeyId) {
        throw new Error(`sealed under key ${String(payload.push_key_id)}, not ${phone.pushKeyId}`);
      }
      const sealed = Buffer.from(payload.encrypted_data, 'base64');
      const opened = sodium.crypto_secretbox_open_easy(
        sealed.subarray(sodium.crypto_secretbox_NONCEBYTES),
        sealed.subarray(0, sodium.crypto_secretbox_NONCEBYTES),
        phone.pushKey.subarray(1),
      );
      return JSON.parse(Buffer.from(opened).toString('utf8')) as Record<string, unknown>;
    },
    rotateKey: () => {
      phone.pushKey = newKey();
      phone.pushKeyId = randomBytes(4).readUInt32BE();
    },
  };
  return phone;
}
