import type { SecretStore as Keychain } from '../client/secretStore';
import type { SecretName, SecretStore } from '../server/certificates/secretStore';

/**
 * The hosted organization's secrets (its public name's DNS secret, ACME
 * account key and certificate key) in the app's keychain, beside the
 * accounts' API keys: each named after the organization's folder, so that
 * two profiles on one computer keep theirs apart.
 */
export function hostKeychain(keychain: Keychain, dataDir: string): SecretStore {
  const account = (name: SecretName) => `hosting ${name} of ${dataDir}`;
  return {
    read: (name) => keychain.get(account(name)),
    write: (name, value) => keychain.set(account(name), value),
    remove: (name) => keychain.delete(account(name)),
  };
}
