import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Narrow, StorageNotice } from '../../../src-preload/bridge';
import type { Account, AccountRecord, Accounts, SignInResult } from '../accounts';
import { reachThrough } from '../accounts/certificatePin';
import { checkMovedServer, movedServerUrl } from '../accounts/movedServer';
import type { RealmIcons } from '../admin/realmIcons';
import { checkCacheFile, type StartCheckProcess } from '../cache/cacheCheck';
import { openCache, type OpenedCache } from '../cache/openCache';
import type { Emitter } from '../emitter';
import type { Network } from '../network/routing';
import type { Alert } from '../runtime/accountAlerts';
import { AccountRuntime, type SessionTuning } from '../runtime/accountRuntime';
import { narrowTerms } from '../views/narrows';
import { mt } from '../../i18n/mainText';
import type { HearthAppEvents } from './appEvents';

export interface AccountRuntimesOptions {
  accounts: Accounts;
  profileDir: string;
  tuning: SessionTuning;
  network: Network;
  icons: RealmIcons;
  events: Emitter<HearthAppEvents>;
  log: (line: string) => void;
  focused: () => boolean;
  /** The person is at the computer, for presence. */
  present: () => boolean;
  /** Shows an account's notifications and plays their sound. */
  deliver: (accountId: string, alerts: readonly Alert[]) => void;
  /** An account's line in the switcher changed: its counts, its connection, its icon. */
  changed: () => void;
  /** Starts the process that checks a cache file whole. */
  checkProcess: StartCheckProcess;
}

export const cacheFileOf = (profileDir: string, account: Pick<AccountRecord, 'id'>) =>
  join(profileDir, 'caches', `${account.id}.sqlite3`);

export async function deleteCacheFiles(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(file + suffix, { force: true })));
}

/** What the person is told of a cache that could not be used, or kept, as it was. */
function storageNoticeOf({ rebuilt, outboxRescue }: OpenedCache): StorageNotice | null {
  if (!rebuilt && !outboxRescue) return null;
  return {
    cacheSetAside: rebuilt?.movedTo ?? null,
    unsentCarried: outboxRescue?.carried ?? 0,
    unsentUnreadable: outboxRescue?.unreadable ?? null,
  };
}

/**
 * The accounts open in the app: one runtime (cache, session, outbox) per
 * account, and the one shown in the window, whose changes alone reach it.
 */
export class AccountRuntimes {
  readonly #options: AccountRuntimesOptions;
  readonly #runtimes = new Map<string, AccountRuntime>();
  /** Accounts whose move to their organization's new name is being checked. */
  readonly #moving = new Set<string>();
  #activeId: string | null = null;
  /** What was found when each account's cache opened, until the person dismisses it. */
  readonly #storageNotices = new Map<string, StorageNotice>();
  /** The whole-file check of each open account's cache, to end with the account. */
  readonly #checks = new Map<AccountRuntime, { stop: AbortController; done: Promise<void> }>();
  /**
   * The checks run one at a time: each reads a whole file, and three at once
   * on a two-core laptop would take the cores from the accounts opening.
   */
  #checkQueue: Promise<void> = Promise.resolve();

  constructor(options: AccountRuntimesOptions) {
    this.#options = options;
  }

  get activeId(): string | null {
    return this.#activeId;
  }

  /** Shows the account in the window; null for none. */
  show(accountId: string | null): void {
    this.#activeId = accountId;
  }

  storageNotice(accountId: string): StorageNotice | null {
    return this.#storageNotices.get(accountId) ?? null;
  }

  dismissStorageNotice(accountId: string): void {
    if (this.#storageNotices.delete(accountId)) this.#options.changed();
  }

  /** After `accountId` closed: the window shows the first account still open, if it showed that one. */
  showAnotherThan(accountId: string): void {
    if (this.#activeId === accountId) this.#activeId = this.#runtimes.keys().next().value ?? null;
  }

  active(): AccountRuntime {
    const runtime = this.activeOrNull();
    if (!runtime) throw new Error(mt('main.accounts.noneOpen'));
    return runtime;
  }

  activeOrNull(): AccountRuntime | null {
    return (this.#activeId === null ? undefined : this.#runtimes.get(this.#activeId)) ?? null;
  }

  has(accountId: string): boolean {
    return this.#runtimes.has(accountId);
  }

  get(accountId: string): AccountRuntime | undefined {
    return this.#runtimes.get(accountId);
  }

  /** The account's runtime, for a call that names it. */
  require(accountId: string): AccountRuntime {
    const runtime = this.#runtimes.get(accountId);
    if (!runtime) throw new Error(mt('main.accounts.gone'));
    return runtime;
  }

  all(): AccountRuntime[] {
    return [...this.#runtimes.values()];
  }

  open(account: Account, key: string | null, damage?: string): void {
    const { profileDir, tuning, network, events, log } = this.#options;
    const file = cacheFileOf(profileDir, account);
    const opened = openCache(file, { log, ...(damage === undefined ? {} : { damage }) });
    if (opened.rebuilt) {
      log(
        `the cache of ${account.email} was unusable (${opened.rebuilt.detail}); moved to ${opened.rebuilt.movedTo} and rebuilt`,
      );
    }
    const { carried = 0, unreadable = null } = opened.outboxRescue ?? {};
    if (carried > 0) log(`${carried} unsent messages of ${account.email} were carried over`);
    if (unreadable) {
      log(
        `${unreadable.count ?? 'some'} unsent messages of ${account.email} could not be read; kept in ${unreadable.keptIn}, not sent`,
      );
    }
    const notice = storageNoticeOf(opened);
    if (notice) this.#storageNotices.set(account.id, notice);
    const isActive = () => this.#activeId === account.id;
    const runtime = new AccountRuntime(
      account,
      opened.cache,
      key,
      tuning,
      network,
      log,
      () => this.#options.focused() && isActive(),
      () => this.#options.present(),
    );
    this.#runtimes.set(account.id, runtime);
    runtime.on('alerts', (alerts) => this.#options.deliver(account.id, alerts));
    // A new icon has a new URL; a Hearth host draws its default icon from the
    // organization's name, so a new name may bring a new icon too.
    const iconOf = () => `${runtime.realmIconUrl ?? ''} ${runtime.realmName}`;
    let icon = iconOf();
    runtime.on('summary', () => {
      if (iconOf() !== icon) {
        icon = iconOf();
        this.fetchIcon({ ...account, realmIcon: runtime.realmIconUrl ?? account.realmIcon });
      }
      this.#options.changed();
    });
    runtime.on('snapshot', () => {
      if (isActive()) events.emit('snapshot', undefined);
    });
    runtime.on('feed', (change) => {
      if (isActive()) events.emit('feed', { accountId: account.id, ...change });
    });
    runtime.on('outbox', () => {
      if (isActive()) events.emit('outbox', { accountId: account.id });
    });
    runtime.on('typing', (conversations) => {
      if (isActive()) events.emit('typing', { accountId: account.id, conversations });
    });
    runtime.on('drafts', () => {
      if (isActive()) events.emit('drafts', { accountId: account.id });
    });
    runtime.session?.on('connection', ({ state }) => {
      if (state === 'connected') void this.#followMovedServer(account.id);
    });
    runtime.start();
    if (!opened.rebuilt) this.#check(runtime, file);
  }

  /**
   * Reads the whole of an account's cache in another process while the
   * account runs from it; a page found damaged sets the file aside, keeping
   * it, and the account opens again on a fresh one, with its unsent messages.
   */
  #check(runtime: AccountRuntime, file: string): void {
    const { accounts, log, checkProcess } = this.#options;
    const { id, email } = runtime.account;
    const opened = () => this.#runtimes.get(id) === runtime;
    const stop = new AbortController();
    const found = this.#checkQueue.then(() => {
      if (stop.signal.aborted) throw new Error('the account closed before its cache was checked');
      return checkCacheFile(file, checkProcess, stop.signal);
    });
    // Closing waits for the check alone: setting the file aside closes the
    // account from within what follows it.
    const done = found.then(
      () => undefined,
      () => undefined,
    );
    this.#checkQueue = done;
    this.#checks.set(runtime, { stop, done });
    void done.then(() => this.#checks.delete(runtime));
    found
      .then(async (problem) => {
        if (problem === null || !opened()) return;
        log(`the cache of ${email} fails SQLite's quick_check (${problem}); setting it aside`);
        const key = await accounts.keyOf(runtime.account);
        if (!opened()) return;
        await this.close(id);
        this.open(runtime.account, key, problem);
        this.#options.changed();
      })
      .catch((error: unknown) => {
        if (opened()) log(`the cache of ${email} could not be checked: ${String(error)}`);
      });
  }

  /**
   * Stops the check of `runtime`'s cache, begun or not, and waits until its
   * process has let go of the file.
   */
  async #endCheck(runtime: AccountRuntime): Promise<void> {
    const check = this.#checks.get(runtime);
    check?.stop.abort();
    await check?.done;
  }

  /**
   * Moves an account that reaches its server by a pinned certificate to the
   * name its organization now names (issue 53), without asking: the name is
   * checked as anyone joining it would check it, and the account's history
   * stays. Where the check fails (the name not found from here, say), the
   * account stays where it is and the next connection tries again.
   */
  async #followMovedServer(accountId: string): Promise<void> {
    const runtime = this.#runtimes.get(accountId);
    const newUrl = runtime ? movedServerUrl(runtime.account, runtime.session?.state ?? null) : null;
    if (!runtime || newUrl === null || this.#moving.has(accountId)) return;
    this.#moving.add(accountId);
    const { accounts, network, log } = this.#options;
    const { email, serverUrl } = runtime.account;
    try {
      const key = await accounts.keyOf(runtime.account);
      if (key === null) return;
      await checkMovedServer(network, newUrl, runtime.account, key);
      await accounts.moveServer(accountId, newUrl);
      log(`${email} moved from ${serverUrl} to ${newUrl}, the name its organization now has`);
      // Its icon follows from its first register at the new address.
      await this.#reopen(({ id }) => id === accountId);
      this.#options.changed();
    } catch (error) {
      log(`${email} stays at ${serverUrl} for now: ${newUrl} did not check out (${String(error)})`);
    } finally {
      this.#moving.delete(accountId);
    }
  }

  /** Keeps a signed-in account, opens it anew and shows it in the window; resolves to its ID. */
  async adopt(signedIn: SignInResult, hosted: boolean): Promise<string> {
    const account = await this.#options.accounts.add(signedIn, { hosted });
    await this.close(account.id);
    this.open(account, signedIn.apiKey);
    this.#activeId = account.id;
    this.#options.changed();
    this.fetchIcon(account);
    return account.id;
  }

  /** Opens each account on `serverUrl` anew, as the account list now has it. */
  reopenServer(serverUrl: string): Promise<void> {
    return this.#reopen((account) => account.serverUrl === serverUrl);
  }

  /** Opens each account `which` picks anew, as the account list now has it. */
  async #reopen(which: (account: Account) => boolean): Promise<void> {
    const picked = this.all().filter((runtime) => which(runtime.account));
    const ids = new Set(picked.map((runtime) => runtime.account.id));
    // Read before the old runtimes close: while none is open the window finds no account.
    const reopened = await this.#options.accounts.withKeys(({ id }) => ids.has(id));
    for (const runtime of picked) {
      const found = reopened.find(({ account }) => account.id === runtime.account.id);
      await this.close(runtime.account.id);
      if (found) this.open(found.account, found.key);
    }
  }

  /**
   * Remembers where the window is on the active account, to open there next
   * time. The window does not wait for the file: a narrow opens without a
   * disk flush, and the writes keep their order (stop waits for them).
   */
  rememberNarrow(narrow: Narrow): void {
    const runtime = this.active();
    const terms = narrowTerms(narrow);
    runtime.account = { ...runtime.account, lastNarrow: terms };
    this.#options.accounts.setLastNarrow(runtime.account.id, terms).catch((error: unknown) => {
      this.#options.log(`the narrow to open next time could not be saved: ${String(error)}`);
    });
  }

  /** Forgets the account's runtime and stops it; null when it had none. */
  async close(accountId: string): Promise<AccountRuntime | null> {
    const runtime = this.#runtimes.get(accountId);
    if (!runtime) return null;
    this.#runtimes.delete(accountId);
    await this.#endCheck(runtime);
    await runtime.stop();
    return runtime;
  }

  async closeAll(): Promise<void> {
    // Forgotten first: work still under way (an icon's fetch) that ends
    // meanwhile finds no account to read a closed cache of.
    const runtimes = [...this.#runtimes.values()];
    this.#runtimes.clear();
    await Promise.all(
      runtimes.map(async (runtime) => {
        await this.#endCheck(runtime);
        await runtime.stop();
      }),
    );
  }

  /** Fetches the organization's icon in the background; the switcher shows initials meanwhile. */
  fetchIcon(account: Pick<AccountRecord, 'id' | 'serverUrl' | 'realmIcon' | 'certificate'>): void {
    const { fetch: pinned } = reachThrough(
      this.#options.network,
      account.serverUrl,
      account.certificate,
    );
    void this.#options.icons.fetch(account.id, account.realmIcon, pinned).then((fetched) => {
      if (fetched && this.#runtimes.has(account.id)) this.#options.changed();
    });
  }
}
