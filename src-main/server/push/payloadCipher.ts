// Zulip 12's E2EE payloads (api_docs/mobile-notifications.md; zerver/lib/
// push_notifications.py, get_encrypted_data): the JSON is sealed with
// libsodium's crypto_secretbox_easy (XSalsa20-Poly1305) under the key the
// phone registered, after its type byte, and travels as standard Base64 of
// the 24-byte nonce followed by the box (its 16-byte tag, then the text).

/** The push key's type byte for libsodium's secretbox, the one Zulip 12 defines. */
export const SECRETBOX_KEY_TYPE = 0x31;

// libsodium and its WebAssembly hold about 3 MB of an idle host's resident
// memory: loaded by a host that sends a push, not by every host.
async function libsodium() {
  const { default: sodium } = await import('libsodium-wrappers');
  await sodium.ready;
  return sodium;
}

/** `payload` as a phone with `pushKey` (type byte and key) decrypts it. */
export async function encryptPayload(pushKey: Uint8Array, payload: unknown): Promise<string> {
  if (pushKey[0] !== SECRETBOX_KEY_TYPE) throw new Error('not a secretbox push key');
  const sodium = await libsodium();
  const nonce = sodium.randombytes_buf(sodium.crypto_secretbox_NONCEBYTES);
  const box = sodium.crypto_secretbox_easy(
    new TextEncoder().encode(JSON.stringify(payload)),
    nonce,
    pushKey.subarray(1),
  );
  return Buffer.concat([nonce, box]).toString('base64');
}
