import { randomInt, randomUUID } from 'node:crypto';
import type { SecretStore } from '../certificates/secretStore';
import type { ServiceIdentity } from './serviceClient';

// Zulip's register_server makes the key with get_random_string(64): letters
// and digits, which a Basic-auth header carries without escaping.
const KEY_LENGTH = 64;
const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The identity the host registered with, if it ever made one. */
export async function keptIdentity(secrets: SecretStore): Promise<ServiceIdentity | null> {
  const [orgId, orgKey] = await Promise.all([
    secrets.read('push-service-id'),
    secrets.read('push-service-key'),
  ]);
  return orgId && orgKey ? { orgId, orgKey } : null;
}

/**
 * The kept identity, or a new one kept before the service hears of it: a
 * registration that fails half-way is made again with the same ID and key,
 * which the service takes as the same server.
 */
export async function identityToRegister(secrets: SecretStore): Promise<ServiceIdentity> {
  const kept = await keptIdentity(secrets);
  if (kept) return kept;
  const made = {
    orgId: randomUUID(),
    orgKey: Array.from(
      { length: KEY_LENGTH },
      () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)],
    ).join(''),
  };
  await secrets.write('push-service-key', made.orgKey);
  await secrets.write('push-service-id', made.orgId);
  return made;
}
