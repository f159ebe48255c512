import sodium from 'libsodium-wrappers';

// Zulip 12's E2EE payloads (api_docs/mobile-notifications.md; zerver/lib/
// push_notifications.py, get_encrypted_data): the JSON is sealed with
// libsodium's crypto_secretbox_easy (XSalsa20-Poly1305) under the key the
// phone registered, after its type byte, and travels as standard Base64 of
// the 24-byte nonce followed by the box (its 16-byte tag, then the text).

/** The push key's type byte for libsodium's secretbox, the one Zulip 12 defines. */
export const SECRETBOX_KEY_TYPE = 0x31;

/** `payload` as a phone with `pushKey` (type byte and key) decrypts it. */
export async function encryptPayload(pushKey: Uint8Array, payload: unknown): Promise<string> {
  await sodium.ready;
  if (pushKey[0] !== SECRETBOX_KEY_TYPE) throw new Error('not a secretbox push key');
  const nonce = sodium.randombytes_buf(sodium.crypto_secretbox_NONCEBYTES);
  const box = sodium.crypto_secretbox_easy(
    new TextEncoder().encode(JSON.stringify(payload)),
    nonce,
    pushKey.subarray(1),
  );
  return Buffer.concat([nonce, box]).toString('base64');
}
