import type { NarrowTerm } from '../../wire';
import { mt } from '../../i18n/mainText';
import { secretAccount, type SecretStore } from '../secretStore';
import { AccountList, sameAccount, type AccountRecord } from './accountList';
import type { SignInResult } from './signIn';

/**
 * Where an account's key stands: in the OS keychain; in memory for this run
 * only (no keychain works here); or gone, after a restart without a keychain,
 * so the person must sign in again with their password or key.
 */
export type KeyState = 'stored' | 'this-run-only' | 'missing';

export interface Account extends AccountRecord {
  key: KeyState;
}

export interface AccountsOptions {
  dataDir: string;
  secrets: SecretStore;
  /** Deletes the account's cached history; the cache lives elsewhere and is not ours to know. */
  deleteCache: (account: AccountRecord) => Promise<void>;
}

export const memoryOnlyNotice = (): string => mt('main.accounts.memoryOnly');

/** The accounts of this app: their records on disk, their keys in the SecretStore. */
export class Accounts {
  private constructor(
    readonly list: AccountList,
    private readonly secrets: SecretStore,
    private readonly deleteCache: AccountsOptions['deleteCache'],
  ) {}

  static async open({ dataDir, secrets, deleteCache }: AccountsOptions): Promise<Accounts> {
    return new Accounts(await AccountList.open(dataDir), secrets, deleteCache);
  }

  /** The notice the window keeps up while keys cannot outlive this run; null when they can. */
  get notice(): string | null {
    return this.secrets.persistent ? null : memoryOnlyNotice();
  }

  async all(): Promise<Account[]> {
    return Promise.all(this.list.all().map((record) => this.withKeyState(record)));
  }

  /**
   * The accounts `which` picks, to open, each with its key: one keychain
   * read an account, where listing them and then asking for each key would
   * read every key twice, and every other account's besides.
   */
  async withKeys(
    which: (record: AccountRecord) => boolean = () => true,
  ): Promise<{ account: Account; key: string | null }[]> {
    return Promise.all(
      this.list
        .all()
        .filter(which)
        .map(async (record) => {
          const key = await this.keyOf(record);
          return { account: this.keyStateOf(record, key), key };
        }),
    );
  }

  /** The account's API key, or null when it must sign in again. */
  keyOf(account: Pick<AccountRecord, 'serverUrl' | 'email'>): Promise<string | null> {
    return this.secrets.get(secretAccount(account.serverUrl, account.email));
  }

  /**
   * Keeps a signed-in account: its key in the SecretStore, its record in the
   * list. Signing in again to the same server as the same email updates that
   * account. If either half fails the other is undone.
   */
  async add(signedIn: SignInResult, options: { hosted?: boolean } = {}): Promise<Account> {
    const secret = secretAccount(signedIn.serverUrl, signedIn.email);
    const known = this.list.all().find((record) => sameAccount(record, signedIn));
    // The server may now spell the email differently; the old key must not linger under the old spelling.
    const staleSecret =
      known && known.email !== signedIn.email ? secretAccount(known.serverUrl, known.email) : null;
    const previousKey = known && staleSecret === null ? await this.keyOf(known) : null;
    await this.secrets.set(secret, signedIn.apiKey);
    let record: AccountRecord;
    try {
      record = await this.list.upsert({
        serverUrl: signedIn.serverUrl,
        email: signedIn.email,
        userId: signedIn.userId,
        realmName: signedIn.realmName,
        realmIcon: signedIn.realmIcon,
        hosted: options.hosted ?? false,
        // A new key (regenerated, or signed in again) keeps the server's pin.
        certificate: signedIn.certificate ?? known?.certificate ?? null,
      });
    } catch (error) {
      await (previousKey === null
        ? this.secrets.delete(secret)
        : this.secrets.set(secret, previousKey));
      throw error;
    }
    if (staleSecret !== null) await this.secrets.delete(staleSecret);
    return this.withKeyState(record);
  }

  /**
   * Forgets the account: its key, its cache, then its record. A failure leaves
   * the record in place, so removing it again finishes the job.
   */
  async remove(id: string): Promise<void> {
    const record = this.list.find(id);
    if (!record) return;
    await this.secrets.delete(secretAccount(record.serverUrl, record.email));
    await this.deleteCache(record);
    await this.list.remove(id);
  }

  /**
   * Moves the account to `serverUrl`, the name its organization moved to:
   * its key under the new address first, then its record, then the key
   * under the old address goes. Its ID, and so its cache, stay.
   */
  async moveServer(id: string, serverUrl: string): Promise<void> {
    const record = this.list.find(id);
    if (!record) return;
    // The same person joined by the new address too: that account stands, and this one stays.
    if (this.list.all().some((other) => sameAccount(other, { serverUrl, email: record.email }))) {
      throw new Error(`${record.email} already has an account at ${serverUrl}`);
    }
    const key = await this.keyOf(record);
    if (key !== null) await this.secrets.set(secretAccount(serverUrl, record.email), key);
    await this.list.moveServer(id, serverUrl);
    await this.secrets.delete(secretAccount(record.serverUrl, record.email));
  }

  setCertificate(serverUrl: string, certificate: AccountRecord['certificate']): Promise<void> {
    return this.list.setCertificate(serverUrl, certificate);
  }

  setLastNarrow(id: string, narrow: NarrowTerm[] | null): Promise<void> {
    return this.list.setLastNarrow(id, narrow);
  }

  private async withKeyState(record: AccountRecord): Promise<Account> {
    return this.keyStateOf(record, await this.keyOf(record));
  }

  private keyStateOf(record: AccountRecord, key: string | null): Account {
    if (key === null) return { ...record, key: 'missing' };
    return { ...record, key: this.secrets.persistent ? 'stored' : 'this-run-only' };
  }
}
