import { randomBytes } from 'node:crypto';
import { createMemorySecretStore, type SecretStore } from '../client/secretStore';

/** The part of keytar Hearth uses. `findCredentials` is left out on purpose: it crashes on a locked keyring. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeychainOptions {
  service?: string;
  /** Defaults to the keytar module, loaded only when asked for so a broken native build falls back too. */
  loadKeytar?: () => Promise<Keytar>;
  probeTimeoutMs?: number;
  warn?: (message: string) => void;
}

export const keychainService = 'Hearth';
const probeAccount = 'keychain-probe';

const loadKeytar = async (): Promise<Keytar> => (await import('keytar')).default;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

// A locked or half-configured Secret Service answers reads with null instead of an
// error, so only a write that reads back and deletes proves the keychain usable.
async function probe(keytar: Keytar, service: string): Promise<void> {
  const token = randomBytes(16).toString('hex');
  await keytar.setPassword(service, probeAccount, token);
  const readBack = await keytar.getPassword(service, probeAccount);
  await keytar.deletePassword(service, probeAccount);
  if (readBack !== token) throw new Error('a secret written to it did not read back');
}

function keytarStore(keytar: Keytar, service: string): SecretStore {
  return {
    persistent: true,
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: async (account) => {
      await keytar.deletePassword(service, account);
    },
  };
}

/**
 * The OS keychain if it proves usable, else a store that keeps secrets in
 * memory for this run only: a key is never written in plaintext, and the
 * embedded host hands the owner's key over again at every start.
 */
export async function openKeychain(options: KeychainOptions = {}): Promise<SecretStore> {
  const service = options.service ?? keychainService;
  const warn = options.warn ?? ((message) => console.warn(message));
  try {
    const keytar = await (options.loadKeytar ?? loadKeytar)();
    await withTimeout(probe(keytar, service), options.probeTimeoutMs ?? 10_000);
    return keytarStore(keytar, service);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    warn(
      `Hearth: the system keychain is not usable (${reason}); API keys are kept in memory for this run only, ` +
        'so accounts of remote servers must sign in again after a restart.',
    );
    return createMemorySecretStore();
  }
}
