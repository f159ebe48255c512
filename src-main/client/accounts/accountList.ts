import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { narrowTermSchema } from '../../wire';
import { readJsonFile, setAsideDamaged, writeJsonFile } from '../jsonFile';

// Non-secret by construction: no field here may ever hold a key or a password.
const accountRecordSchema = z.object({
  id: z.string().min(1),
  serverUrl: z.string().min(1),
  email: z.string().min(1),
  userId: z.number().int(),
  realmName: z.string(),
  realmIcon: z.string().nullable(),
  lastNarrow: z.array(narrowTermSchema).nullable(),
  /** The organization this computer hosts, whose host hands over the owner's key at every start. */
  hosted: z.boolean().default(false),
  /**
   * The server's own certificate, trusted by its fingerprint (a colleague's
   * laptop hosting an office); null for a server an authority vouches for.
   */
  certificate: z.object({ fingerprint: z.string(), certPem: z.string() }).nullable().default(null),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

const accountFileSchema = z.object({
  version: z.literal(1),
  accounts: z.array(accountRecordSchema),
});

export type NewAccountRecord = Omit<
  AccountRecord,
  'id' | 'lastNarrow' | 'hosted' | 'certificate'
> & {
  hosted?: boolean;
  certificate?: AccountRecord['certificate'];
};

const fileName = 'accounts.json';

/** Whether two records name the same user of the same server. */
export const sameAccount = (
  a: Pick<AccountRecord, 'serverUrl' | 'email'>,
  b: Pick<AccountRecord, 'serverUrl' | 'email'>,
): boolean => a.serverUrl === b.serverUrl && a.email.toLowerCase() === b.email.toLowerCase();

/**
 * The accounts this app signs in to, kept in `accounts.json` in the data folder.
 * Every change is written whole to a temporary file and renamed over the old
 * one, so a crash leaves either the old list or the new, never half of one.
 */
export class AccountList {
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private records: readonly AccountRecord[],
    /** Where an unreadable list was moved, so the app can say so; null when it read fine. */
    readonly movedAside: string | null,
  ) {}

  static async open(dataDir: string): Promise<AccountList> {
    await mkdir(dataDir, { recursive: true });
    const file = join(dataDir, fileName);
    const json = await readJsonFile(file);
    if (json === undefined) return new AccountList(file, [], null);
    const parsed = accountFileSchema.safeParse(json);
    if (parsed.success) return new AccountList(file, parsed.data.accounts, null);
    // A damaged list must not keep the app from starting; keep it for whoever wants to look.
    return new AccountList(file, [], await setAsideDamaged(file));
  }

  all(): readonly AccountRecord[] {
    return this.records;
  }

  find(id: string): AccountRecord | undefined {
    return this.records.find((record) => record.id === id);
  }

  /** Adds the account, or updates the one with the same server and email, keeping its ID. */
  upsert(account: NewAccountRecord): Promise<AccountRecord> {
    return this.change((records) => {
      const existing = records.find((record) => sameAccount(record, account));
      const saved = existing
        ? { ...existing, ...account }
        : { hosted: false, certificate: null, ...account, id: randomUUID(), lastNarrow: null };
      const next = existing
        ? records.map((record) => (record === existing ? saved : record))
        : [...records, saved];
      return [next, saved];
    });
  }

  remove(id: string): Promise<void> {
    return this.change((records) => [records.filter((record) => record.id !== id), undefined]);
  }

  setLastNarrow(id: string, lastNarrow: AccountRecord['lastNarrow']): Promise<void> {
    return this.change((records) => [
      records.map((record) => (record.id === id ? { ...record, lastNarrow } : record)),
      undefined,
    ]);
  }

  /** Trusts the certificate for every account on the server, in place of the one pinned. */
  setCertificate(serverUrl: string, certificate: AccountRecord['certificate']): Promise<void> {
    return this.change((records) => [
      records.map((record) =>
        record.serverUrl === serverUrl ? { ...record, certificate } : record,
      ),
      undefined,
    ]);
  }

  /** The account's server is now `serverUrl`, which an authority vouches for: no pin any more. */
  moveServer(id: string, serverUrl: string): Promise<void> {
    return this.change((records) => [
      records.map((record) =>
        record.id === id ? { ...record, serverUrl, certificate: null } : record,
      ),
      undefined,
    ]);
  }

  /** Once every change asked for so far is on disk, or has failed. */
  async settled(): Promise<void> {
    await this.writes;
  }

  // Changes run one at a time, and the list in memory changes only once the file has.
  private change<T>(
    apply: (records: readonly AccountRecord[]) => [readonly AccountRecord[], T],
  ): Promise<T> {
    const done = this.writes.then(async () => {
      const [next, result] = apply(this.records);
      await this.write(next);
      this.records = next;
      return result;
    });
    this.writes = done.catch(() => undefined);
    return done;
  }

  private write(records: readonly AccountRecord[]): Promise<void> {
    return writeJsonFile(this.file, { version: 1, accounts: records });
  }
}
