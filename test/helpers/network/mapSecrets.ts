import type { SecretStore } from '../../../src-main/server/certificates/secretStore';

/** A host's secret store over a map the test reads: what the app's keychain would hold. */
export const mapSecrets = (kept: Map<string, string>): SecretStore => ({
  read: async (name) => kept.get(name) ?? null,
  write: async (name, value) => {
    kept.set(name, value);
  },
  remove: async (name) => {
    kept.delete(name);
  },
});
