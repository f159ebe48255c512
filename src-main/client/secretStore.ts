/** Where an account's API key is kept between runs. `account` is the account's email at its server. */
export interface SecretStore {
  /** Whether secrets survive a restart of the app. */
  readonly persistent: boolean;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** Keeps secrets for this run only: never written anywhere, gone when the process ends. */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    persistent: false,
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => {
      secrets.delete(account);
    },
  };
}

/** The keychain account name for a user of a server, so one email on two servers keeps two keys. */
export const secretAccount = (serverUrl: string, email: string): string =>
  `${email}@${new URL(serverUrl).origin}`;
