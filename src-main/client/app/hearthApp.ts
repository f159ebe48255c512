import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type {
  AppPreferences,
  AppState,
  FormResult,
  HostingPage,
  Narrow,
  NetworkSettings,
  ReachProblem,
  ProbeResult,
  TypingConversation,
  ZulipExport,
  ZulipVersion,
} from '../../../src-preload/bridge';
import type { Message } from '../../wire';
import {
  Accounts,
  joinWithInvitation,
  parseInvitationLink,
  parseZuliprc,
  probeServer,
  requireCleartextChoice,
  SignInError,
  signInWithApiKey,
  signInWithPassword,
  type Account,
  type AccountRecord,
  type SignInResult,
} from '../accounts';
import { pinFromLink, reachThrough, splitPin } from '../accounts/certificatePin';
import { reachProblem } from '../accounts/reachProblem';
import { findOrganizations, type FoundOrganization } from '../accounts/discovery';
import { normaliseServerUrl } from '../accounts/serverUrl';
import { openCache } from '../cache/openCache';
import type { HttpClientOptions } from '../api/http';
import type { CertificatePin } from '../network/certificates';
import { Network, type NetworkOptions } from '../network/routing';
import { Emitter } from '../emitter';
import { keepNewest } from '../keepNewest';
import { privateDir } from '../privateDir';
import { doNotDisturbUntil, isQuiet, type DoNotDisturbChoice } from '../notify/doNotDisturb';
import type { Alert } from '../runtime/accountAlerts';
import { declined, type Confirm, type Declined } from '../ports/confirmPort';
import type { Notifier } from '../ports/notifier';
import { resolveLink, type LinkAccount, type LinkTarget } from '../links/linkTargets';
import { parseHandedLink } from '../links/handedLinks';
import { PreferenceFile, type WindowBounds } from '../preferences/preferenceFile';
import { NetworkPreferences, type NetworkChange } from '../preferences/networkPreferences';
import type { SecretStore } from '../secretStore';
import { AccountRuntime, type SessionTuning } from '../runtime/accountRuntime';
import { RealmIcons } from '../admin/realmIcons';
import { hostingPageOf } from './hostingPage';
import type { HostingPort, NetworkExposure, NewOrganization } from '../ports/hostingPort';
import { narrowTerms } from '../views/narrows';
import {
  exportQuestion,
  networkUrls,
  newApiKeyQuestion,
  restoreQuestion,
  serveNetworkQuestion,
} from '../ports/powerfulCalls';
import { throttledProgress, type FileToSend } from '../actions/uploads';
import { pipelineReaches, type SaveDownload } from '../ports/downloadPort';
import { mt } from '../../i18n/mainText';

export interface HearthAppOptions {
  /** The app's data folder: the account list, the caches, the hosted organization. */
  profileDir: string;
  secrets: SecretStore;
  hosting: HostingPort;
  /** Asks the person, outside the window, before serving the network, exporting, a new API key or a restore. */
  confirm: Confirm;
  tuning?: SessionTuning;
  /** How requests find their route and trust: the desktop's proxy under Electron, the environment's otherwise. */
  network?: NetworkOptions;
  /** Where notifications, sounds and the badge go; nowhere when absent. */
  notifier?: Notifier;
  /** The desktop's own do-not-disturb is on (GNOME's show-banners off). */
  desktopQuiet?: () => boolean;
  /** The clock do-not-disturb runs by. */
  now?: () => number;
  log?: (line: string) => void;
  /**
   * Where files saved from messages go (the user's Downloads folder by
   * default), how the desktop shows one there, and the desktop's download
   * pipeline, which saves them where it reaches their server.
   */
  downloads?: { dir: string; reveal?: (path: string) => void; saveDownload?: SaveDownload };
}

export interface HearthAppEvents {
  appState: AppState;
  /** The active account's sidebar changed. */
  snapshot: undefined;
  feed: { accountId: string; upserted: Message[]; deleted: number[] };
  outbox: { accountId: string };
  typing: { accountId: string; conversations: TypingConversation[] };
  /** The window should show this conversation: a notification was clicked. */
  navigate: { accountId: string; narrow: Narrow };
  /** The active account's drafts changed. */
  drafts: { accountId: string };
  /** This computer's host changed its status or logged a line. */
  hosting: undefined;
  /** An invitation link was opened: the window offers to join by it. */
  invitation: { link: string };
  /** A file the window is uploading went further. */
  uploadProgress: { accountId: string; uploadId: string; sent: number; total: number };
}

/** What a shown notification opens when clicked. */
interface AlertTarget {
  accountId: string;
  narrow: Narrow;
}

// Notifications older than this many are gone from the screen; a click on one is ignored.
const rememberedAlerts = 200;
// Zulip's web app reports a person idle after five minutes away.
const idleAfterMs = 5 * 60_000;

const silentNotifier: Notifier = { show() {}, play() {}, badge() {} };

const logOf = (options: HearthAppOptions) =>
  options.log ?? ((line: string) => console.warn(`[hearth] ${line}`));

export type JoinRequest = (
  | { method: 'password'; serverUrl: string; email: string; password: string }
  | { method: 'apiKey'; serverUrl: string; email: string; apiKey: string }
  | { method: 'zuliprc'; zuliprc: string }
  | { method: 'invitation'; link: string; fullName: string; email: string; password: string }
) & {
  /** The person chose to send their password or key over plain http to another computer. */
  sendUnencrypted?: boolean | undefined;
};

const cacheFileOf = (profileDir: string, account: Pick<AccountRecord, 'id'>) =>
  join(profileDir, 'caches', `${account.id}.sqlite3`);

/**
 * The whole client side of Hearth: the accounts, this computer's hosted
 * organization, and one runtime (cache, session, outbox) per account, with one
 * of them shown in the window. The Electron main process and the browser
 * harness both run exactly this.
 */
export class HearthApp {
  readonly #options: HearthAppOptions;
  readonly #accounts: Accounts;
  readonly #runtimes = new Map<string, AccountRuntime>();
  readonly #icons: RealmIcons;
  readonly #network: Network;
  readonly #events: Emitter<HearthAppEvents>;
  readonly #log: (line: string) => void;
  readonly #preferences: PreferenceFile;
  readonly #networkPreferences: NetworkPreferences;
  readonly #notifier: Notifier;
  readonly #alerts = new Map<string, AlertTarget>();
  /** Uploads under way, by the window's name for each, to cancel them. */
  readonly #uploads = new Map<string, AbortController>();
  #activeId: string | null = null;
  #focused = false;
  #lastFocusedAt = Number.NEGATIVE_INFINITY;
  #badge: number | null = null;
  #hostRunning = false;

  private constructor(options: HearthAppOptions, accounts: Accounts, preferences: PreferenceFile) {
    this.#options = options;
    this.#accounts = accounts;
    this.#preferences = preferences;
    this.#notifier = options.notifier ?? silentNotifier;
    this.#network = new Network(options.network);
    this.#networkPreferences = new NetworkPreferences(this.#network, preferences, options.secrets);
    this.#icons = new RealmIcons(options.profileDir, this.#network.fetchFor());
    this.#log = logOf(options);
    this.#events = new Emitter((error) => this.#log(`app listener failed: ${String(error)}`));
    options.hosting.onChange(() => this.#events.emit('hosting', undefined));
  }

  static async start(options: HearthAppOptions): Promise<HearthApp> {
    // A profile made by an older version may have them with the default mode.
    for (const folder of ['caches', 'icons']) await privateDir(join(options.profileDir, folder));
    const accounts = await Accounts.open({
      dataDir: options.profileDir,
      secrets: options.secrets,
      deleteCache: (record) => deleteCacheFiles(cacheFileOf(options.profileDir, record)),
    });
    const app = new HearthApp(
      options,
      accounts,
      await PreferenceFile.open(options.profileDir, logOf(options)),
    );
    await app.#networkPreferences.apply();
    if (accounts.list.movedAside) {
      app.#log(`the account list could not be read; it was moved to ${accounts.list.movedAside}`);
    }
    if (accounts.list.all().some((account) => account.hosted)) await app.#resumeHosting();
    await app.#icons.load(accounts.list.all().map((account) => account.id));
    for (const account of await accounts.all()) {
      app.#open(account, await accounts.keyOf(account));
      if (app.#icons.get(account.id) === null) app.#fetchIcon(account);
    }
    app.#activeId = accounts.list.all()[0]?.id ?? null;
    app.#updateBadge(app.appState().badge);
    return app;
  }

  on<E extends keyof HearthAppEvents>(
    event: E,
    listener: (payload: HearthAppEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  appState(): AppState {
    const keyInMemoryOnly = this.#accounts.notice !== null;
    let badge = 0;
    // Each account's unread counts are read once, for its line and its share of the badge.
    const accounts = [...this.#runtimes.values()].map((runtime) => {
      const counts = runtime.cache.unreadCounts();
      badge += runtime.badge(counts);
      return {
        ...runtime.summary(runtime.account.hosted, keyInMemoryOnly, counts),
        realmIcon: this.#icons.get(runtime.account.id),
      };
    });
    return {
      accounts,
      activeAccountId: this.#activeId,
      badge,
      doNotDisturb: this.#doNotDisturb(),
      hosting: this.#accounts.list.all().some((account) => account.hosted)
        ? this.#hostRunning
          ? 'running'
          : 'stopped'
        : null,
      preferences: this.preferences(),
    };
  }

  preferences(): AppPreferences {
    const { keepInTray, startAtLogin, spellcheck, updateWhileHosting } = this.#preferences.values;
    return { keepInTray, startAtLogin, spellcheck, updateWhileHosting };
  }

  async setPreferences(patch: {
    [K in keyof AppPreferences]?: AppPreferences[K] | undefined;
  }): Promise<AppState> {
    const defined = Object.fromEntries(
      Object.entries(patch).filter(([, value]) => value !== undefined),
    ) as Partial<AppPreferences>;
    await this.#preferences.change(defined);
    this.#emitAppState();
    return this.appState();
  }

  networkSettings(): Promise<NetworkSettings> {
    return this.#networkPreferences.settings();
  }

  /**
   * Routes every request by the new setting from now on. Each account's event
   * queue polls again at once, along the new route, from the last event it
   * had: nothing is missed, nothing comes twice.
   */
  async setNetworkSettings(change: NetworkChange): Promise<NetworkSettings> {
    await this.#networkPreferences.change(change);
    for (const runtime of this.#runtimes.values()) runtime.session?.reroute();
    return this.#networkPreferences.settings();
  }

  /**
   * Trusts, for the account's server only, the certificate it presents now,
   * if it is the one the person was shown; the server's accounts connect
   * with it at once.
   */
  async trustServerCertificate(accountId: string, fingerprint: string): Promise<void> {
    const { serverUrl } = this.#runtime(accountId).account;
    const presented = await this.#network.readCertificate(serverUrl);
    if (presented.fingerprint !== fingerprint) {
      throw new Error(
        mt('main.certificate.changedAgain', {
          host: new URL(serverUrl).host,
          presented: presented.fingerprint,
        }),
      );
    }
    await this.#accounts.setCertificate(serverUrl, presented);
    const accounts = await this.#accounts.all();
    for (const runtime of [...this.#runtimes.values()]) {
      if (runtime.account.serverUrl !== serverUrl) continue;
      this.#runtimes.delete(runtime.account.id);
      await runtime.stop();
      const account = accounts.find(({ id }) => id === runtime.account.id);
      if (account) this.#open(account, await this.#accounts.keyOf(account));
    }
    this.#emitAppState();
  }

  /** Where the window was when it last closed. */
  windowBounds(): WindowBounds | null {
    return this.#preferences.values.windowBounds;
  }

  async rememberWindowBounds(bounds: WindowBounds): Promise<void> {
    await this.#preferences.change({ windowBounds: bounds });
  }

  /** Silences notifications and sounds for a while, or until turned off; the badge keeps counting. */
  async setDoNotDisturb(choice: DoNotDisturbChoice | 'off'): Promise<AppState> {
    const now = new Date(this.#now());
    await this.#preferences.change({
      doNotDisturb: choice === 'off' ? null : { until: doNotDisturbUntil(choice, now) },
    });
    this.#emitAppState();
    return this.appState();
  }

  setWindowFocus(focused: boolean): void {
    // Losing the focus is the moment the person was last seen at the window.
    if (this.#focused || focused) this.#lastFocusedAt = this.#now();
    this.#focused = focused;
  }

  /** At the computer, for presence: the window has the focus, or had it lately, as Zulip's idle timer allows. */
  #present(): boolean {
    return this.#focused || this.#now() - this.#lastFocusedAt < idleAfterMs;
  }

  /**
   * A notification was clicked: the window is told to show its conversation,
   * switching to its account itself, so it opens there rather than where the
   * account was left.
   */
  openAlert(id: string): void {
    const target = this.#alerts.get(id);
    if (target && this.#runtimes.has(target.accountId)) this.#events.emit('navigate', target);
  }

  /**
   * Follows a link: clicked in a message of the account in the window
   * (`fromWindow`), or handed over by the OS (a hearth:// link, a second
   * launch). A narrow of a known organization is shown in the app.
   */
  openLink(href: string, { fromWindow }: { fromWindow: boolean }): LinkTarget {
    // Any web page can hand Hearth a link: from the OS only the documented forms count.
    if (!fromWindow) return this.#openHandedLink(href);
    // An invitation opens the Join form, whether clicked or handed over by the OS.
    if (parseInvitationLink(href)) {
      this.#events.emit('invitation', { link: href });
      return { kind: 'invitation', link: href };
    }
    const shownIn =
      fromWindow && this.#activeId !== null ? this.#linkAccount(this.#activeId) : undefined;
    const target = resolveLink(href, this.#linkAccounts(), shownIn);
    if (target.kind === 'narrow') {
      this.#events.emit('navigate', { accountId: target.accountId, narrow: target.narrow });
    }
    return target;
  }

  /** A link from the OS shows a narrow of an organization in the app, or fills in the Join form; nothing else. */
  #openHandedLink(href: string): LinkTarget {
    const handed = parseHandedLink(href);
    if (handed?.kind === 'invitation') {
      this.#events.emit('invitation', { link: handed.link });
      return { kind: 'invitation', link: handed.link };
    }
    const target = handed ? resolveLink(handed.href, this.#linkAccounts()) : undefined;
    if (target?.kind !== 'narrow') return { kind: 'refused' };
    this.#events.emit('navigate', { accountId: target.accountId, narrow: target.narrow });
    return target;
  }

  /**
   * Sends a file from the window to the account's server, telling how far it
   * got as `uploadProgress` events; resolves to its URL as a message links it.
   */
  async upload(accountId: string, uploadId: string, file: FileToSend): Promise<string> {
    const runtime = this.#runtime(accountId);
    if (this.#uploads.has(uploadId)) throw new Error(mt('main.uploads.underWay'));
    const controller = new AbortController();
    this.#uploads.set(uploadId, controller);
    const progress = throttledProgress((sent, total) =>
      this.#events.emit('uploadProgress', { accountId, uploadId, sent, total }),
    );
    try {
      return await runtime.uploads.send(file, progress, controller.signal);
    } finally {
      this.#uploads.delete(uploadId);
    }
  }

  cancelUpload(uploadId: string): void {
    this.#uploads.get(uploadId)?.abort(new Error(mt('main.uploads.cancelled')));
  }

  /** An image a message of the account shows, as a data: URL for the window. */
  uploadedImage(accountId: string, href: string): Promise<string> {
    return this.#runtime(accountId).uploads.image(href);
  }

  /** One of the organization's own emoji's pictures, as a data: URL for the window. */
  emojiImage(accountId: string, url: string): Promise<string> {
    return this.#runtime(accountId).reactions.emojiImage(url);
  }

  /** A custom emoji's picture in one of `accountId`'s messages, as a data: URL for the window. */
  messageEmojiImage(accountId: string, src: string): Promise<string> {
    return this.#runtime(accountId).customEmoji.messageImage(src);
  }

  /**
   * Saves a file a message links (shown in `accountId`'s messages) into the
   * Downloads folder, and shows it there. Nothing is opened: a file from a
   * message is for the person to look at, not for the app to run.
   */
  async saveUpload(accountId: string, href: string): Promise<{ name: string; path: string }> {
    const target = resolveLink(href, this.#linkAccounts(), this.#linkAccount(accountId));
    if (target.kind !== 'upload') {
      throw new Error(mt('main.uploads.notInApp'));
    }
    const dir = this.#options.downloads?.dir ?? join(homedir(), 'Downloads');
    const runtime = this.#runtime(target.accountId);
    const pipeline = this.#options.downloads?.saveDownload;
    const saved = await runtime.uploads.save(
      target.url,
      dir,
      pipeline && pipelineReaches(runtime.account, this.#network.setting) ? pipeline : undefined,
    );
    this.#options.downloads?.reveal?.(saved.path);
    return saved;
  }

  #runtime(accountId: string): AccountRuntime {
    const runtime = this.#runtimes.get(accountId);
    if (!runtime) throw new Error(mt('main.accounts.gone'));
    return runtime;
  }

  #linkAccounts(): LinkAccount[] {
    return [...this.#runtimes.values()].map((runtime) => ({
      id: runtime.account.id,
      serverUrl: runtime.account.serverUrl,
      userId: runtime.cache.ownUserId ?? runtime.account.userId,
    }));
  }

  #linkAccount(accountId: string): LinkAccount | undefined {
    return this.#linkAccounts().find((account) => account.id === accountId);
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #doNotDisturb(): AppState['doNotDisturb'] {
    const setting = this.#preferences.values.doNotDisturb;
    return isQuiet(setting, this.#now()) ? setting : null;
  }

  #updateBadge(count: number): void {
    if (count === this.#badge) return;
    this.#badge = count;
    this.#notifier.badge(count);
  }

  /** Shows each notification and plays one sound for them all, unless do-not-disturb is on. */
  #deliver(accountId: string, alerts: readonly Alert[]): void {
    if (this.#doNotDisturb() !== null || this.#options.desktopQuiet?.() === true) return;
    for (const alert of alerts) {
      if (!alert.notice) continue;
      const id = randomUUID();
      this.#alerts.set(id, { accountId, narrow: alert.narrow });
      keepNewest(this.#alerts, rememberedAlerts);
      this.#notifier.show({ id, accountId, ...alert.notice });
    }
    const sound = alerts.find((alert) => alert.sound !== null)?.sound;
    if (sound) this.#notifier.play(sound);
  }

  /** The account shown in the window. */
  active(): AccountRuntime {
    const runtime = this.activeOrNull();
    if (!runtime) throw new Error(mt('main.accounts.noneOpen'));
    return runtime;
  }

  activeOrNull(): AccountRuntime | null {
    return (this.#activeId === null ? undefined : this.#runtimes.get(this.#activeId)) ?? null;
  }

  /** The server the form names, or the one an invitation link it holds names. */
  async probe(serverUrl: string): Promise<ProbeResult> {
    const invitation = parseInvitationLink(serverUrl);
    try {
      const { address, pin } = invitation
        ? {
            address: invitation.serverUrl,
            pin: await pinFromLink(this.#network, invitation.serverUrl, invitation.fingerprint),
          }
        : await this.#pinFor(serverUrl);
      const reach = this.#reach(address, pin);
      const info = await probeServer(address, reach);
      return {
        ok: true,
        server: {
          serverUrl: info.serverUrl,
          realmName: info.realmName,
          realmIcon: await this.#icons.dataUrl(info.realmIcon, reach.fetch),
          description: info.realmDescription,
          version: info.zulipVersion,
          passwordSignIn: info.signIn.password,
          usernameIsEmail: info.signIn.usernameIsEmail,
          browserSignIn: info.signIn.external,
          warning: info.warning,
          invitation: invitation !== null,
        },
      };
    } catch (error) {
      return this.#failure(error, invitation?.serverUrl ?? splitPin(serverUrl).address);
    }
  }

  async join(request: JoinRequest): Promise<FormResult> {
    try {
      let signedIn: SignInResult;
      if (request.method === 'zuliprc') {
        const rc = parseZuliprc(request.zuliprc);
        requireCleartextChoice(rc.site, 'API key', request.sendUnencrypted);
        const pin = this.#pinOf(rc.site);
        const server = await probeServer(rc.site, this.#reach(rc.site, pin));
        signedIn = {
          ...(await signInWithApiKey(server, rc.email, rc.apiKey, {
            keyField: 'zuliprc',
            ...this.#reach(rc.site, pin),
          })),
          certificate: pin,
        };
      } else if (request.method === 'invitation') {
        const invitation = parseInvitationLink(request.link);
        if (!invitation)
          return { ok: false, field: 'serverUrl', message: mt('main.signIn.notInvitation') };
        requireCleartextChoice(invitation.serverUrl, 'password', request.sendUnencrypted);
        const pin = await pinFromLink(this.#network, invitation.serverUrl, invitation.fingerprint);
        const reach = this.#reach(invitation.serverUrl, pin);
        const server = await probeServer(invitation.serverUrl, reach);
        signedIn = {
          ...(await joinWithInvitation(server, invitation.key, request, reach)),
          certificate: pin,
        };
      } else {
        const { address, pin } = await this.#pinFor(request.serverUrl);
        const secret = request.method === 'password' ? 'password' : 'API key';
        requireCleartextChoice(address, secret, request.sendUnencrypted);
        const reach = this.#reach(address, pin);
        const server = await probeServer(address, reach);
        signedIn = {
          ...(request.method === 'password'
            ? await signInWithPassword(server, request.email, request.password, reach)
            : await signInWithApiKey(server, request.email, request.apiKey, reach)),
          certificate: pin,
        };
      }
      return { ok: true, accountId: await this.#adopt(signedIn, false) };
    } catch (error) {
      return this.#failure(error, joinAddress(request));
    }
  }

  /** A form's failure, with what the person can act on (a certificate to decide on, a proxy's wish). */
  async #failure(error: unknown, address: string | null): Promise<Failure> {
    const shown = failure(error);
    const problem = address === null ? null : await reachProblem(this.#network, error, address);
    return problem ? { ...shown, problem } : shown;
  }

  /**
   * The certificate to trust for a typed address: the one its fingerprint
   * names (checked before anything is sent), else the one pinned for an
   * account here on that server, else none (an authority vouches).
   */
  async #pinFor(typed: string): Promise<{ address: string; pin: CertificatePin | null }> {
    const { address, fingerprint } = splitPin(typed);
    if (fingerprint === null) return { address, pin: this.#pinOf(address) };
    return {
      address,
      pin: await pinFromLink(this.#network, normaliseServerUrl(address), fingerprint),
    };
  }

  /** How to reach a typed address: through the network, checked against the pin when there is one. */
  #reach(address: string, pin: CertificatePin | null): HttpClientOptions {
    return reachThrough(this.#network, pin ? normaliseServerUrl(address) : address, pin);
  }

  /** The organizations Hearth hosts announce on the local network. */
  findOrganizations(): Promise<FoundOrganization[]> {
    return findOrganizations();
  }

  /** The certificate pinned for a server an account here already uses, if any. */
  #pinOf(typedUrl: string): CertificatePin | null {
    let serverUrl: string;
    try {
      serverUrl = normaliseServerUrl(typedUrl);
    } catch {
      return null;
    }
    return (
      this.#accounts.list.all().find((account) => account.serverUrl === serverUrl)?.certificate ??
      null
    );
  }

  /** Creates this computer's organization, hosts it, and signs in as its owner. */
  async host(organization: NewOrganization): Promise<FormResult> {
    if (this.#accounts.list.all().some((account) => account.hosted)) {
      return { ok: false, field: 'form', message: mt('main.hosting.alreadyHosts') };
    }
    try {
      const signedIn = await this.#startHosting(organization);
      return { ok: true, accountId: await this.#adopt(signedIn, true) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, field: /email/i.test(message) ? 'email' : 'form', message };
    }
  }

  switchTo(accountId: string): void {
    if (!this.#runtimes.has(accountId)) throw new Error(mt('main.accounts.noSuchAccount'));
    this.#activeId = accountId;
    this.#emitAppState();
  }

  async remove(accountId: string): Promise<void> {
    const runtime = this.#runtimes.get(accountId);
    if (!runtime) return;
    this.#runtimes.delete(accountId);
    await runtime.stop();
    await this.#accounts.remove(accountId);
    await this.#icons.forget(accountId);
    if (runtime.account.hosted) {
      await this.#options.hosting.stop();
      this.#hostRunning = false;
    }
    if (this.#activeId === accountId) this.#activeId = this.#runtimes.keys().next().value ?? null;
    this.#emitAppState();
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
    this.#accounts.setLastNarrow(runtime.account.id, terms).catch((error: unknown) => {
      this.#log(`the narrow to open next time could not be saved: ${String(error)}`);
    });
  }

  async hostingPage(): Promise<HostingPage> {
    const owner = [...this.#runtimes.values()].find((runtime) => runtime.account.hosted) ?? null;
    return hostingPageOf(await this.#options.hosting.report(), owner);
  }

  /** Stops this computer's host; its owner's account waits, offline, for it to start again. */
  async stopHosting(): Promise<void> {
    this.#requireHosted();
    await this.#options.hosting.stop();
    this.#hostRunning = false;
    this.#emitAppState();
  }

  async startHosting(): Promise<void> {
    this.#requireHosted();
    if (this.#hostRunning) return;
    await this.#options.hosting.start();
    this.#hostRunning = true;
    this.#emitAppState();
    for (const runtime of this.#runtimes.values()) {
      if (runtime.account.hosted) runtime.session?.checkNow();
    }
  }

  /** Lets others on the network join this computer's organization, once the person confirms it, or stops letting them. */
  async setHostingNetwork(exposure: NetworkExposure | null): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    if (exposure !== null) {
      const { network } = await this.#options.hosting.report();
      const urls = networkUrls(exposure, network.interfaces);
      if (!(await this.#options.confirm(serveNetworkQuestion(realmName, urls)))) return declined;
    }
    await this.#options.hosting.setNetwork(exposure);
    // The host restarted on the same loopback port: its owner need not wait for the next retry.
    for (const runtime of this.#runtimes.values()) {
      if (runtime.account.hosted) runtime.session?.checkNow();
    }
    return { ok: true };
  }

  async backUpHosting(): Promise<void> {
    this.#requireHosted();
    await this.#options.hosting.backUp();
  }

  /** Writes the organization for a Zulip server to import, once the person confirms it, while the host goes on serving. */
  async exportForZulip(
    zulipVersion: ZulipVersion,
  ): Promise<{ ok: true; export: ZulipExport } | Declined> {
    const realmName = this.#hostedRealmName();
    const folder = this.#options.hosting.exportsDir;
    if (folder === null) throw new Error(mt('main.hosting.exportsNothing'));
    const question = exportQuestion(realmName, zulipVersion, folder);
    if (!(await this.#options.confirm(question))) return declined;
    return { ok: true, export: await this.#options.hosting.exportForZulip(zulipVersion) };
  }

  async setBackupKeep(keep: number): Promise<void> {
    this.#requireHosted();
    await this.#options.hosting.setBackupKeep(keep);
  }

  async setBotsReachPrivateNetworks(allow: boolean): Promise<void> {
    this.#requireHosted();
    await this.#options.hosting.setBotsReachPrivateNetworks(allow);
  }

  /**
   * Puts a backup in place of the organization's database, once the person
   * confirms it. Everyone's event queue is gone with the old database: every
   * client, the owner's here among them, registers again and catches up.
   */
  async restoreBackup(name: string): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    const backup = (await this.#options.hosting.report()).backups.files.find(
      (file) => file.name === name,
    );
    if (!backup) throw new Error(mt('main.hosting.noSuchBackup'));
    if (!(await this.#options.confirm(restoreQuestion(realmName, backup.takenAt)))) return declined;
    await this.#options.hosting.restore(name);
    this.#hostRunning = true;
    this.#emitAppState();
    for (const runtime of this.#runtimes.values()) {
      if (runtime.account.hosted) runtime.session?.checkNow();
    }
    return { ok: true };
  }

  #requireHosted(): void {
    this.#hostedRealmName();
  }

  /** The name of the organization this computer hosts, as its owner's session last heard it. */
  #hostedRealmName(): string {
    const hosted = this.#accounts.list.all().find((account) => account.hosted);
    if (!hosted) throw new Error(mt('main.hosting.hostsNothing'));
    return this.#runtimes.get(hosted.id)?.realmName ?? hosted.realmName;
  }

  /** The computer woke up: every account checks its link now. */
  resume(): void {
    for (const runtime of this.#runtimes.values()) runtime.session?.checkNow();
  }

  async stop(): Promise<void> {
    // Forgotten first: work still under way (an icon's fetch) that ends
    // meanwhile finds no account to read a closed cache of.
    const runtimes = [...this.#runtimes.values()];
    this.#runtimes.clear();
    await Promise.all(runtimes.map((runtime) => runtime.stop()));
    await this.#accounts.list.settled();
    await this.#options.hosting.stop();
    this.#hostRunning = false;
    await this.#network.close();
  }

  /** Starts this computer's organization again; its host hands over the owner's key anew. */
  async #resumeHosting(): Promise<void> {
    try {
      await this.#accounts.add(await this.#startHosting(), { hosted: true });
    } catch (error) {
      this.#log(`could not host this computer's organization: ${String(error)}`);
    }
  }

  async #startHosting(organization?: NewOrganization): Promise<SignInResult> {
    const host = await this.#options.hosting.start(organization);
    this.#hostRunning = true;
    const info = await probeServer(host.url).catch(() => null);
    return {
      serverUrl: host.url,
      email: host.owner.email,
      apiKey: host.owner.apiKey,
      userId: host.owner.userId,
      fullName: host.owner.fullName,
      realmName: host.realmName,
      realmIcon: info?.realmIcon ?? null,
    };
  }

  /**
   * Gives the account in the window a new API key, once the person confirms
   * it: the server makes it and refuses the old one from then on, the
   * keychain keeps it, and the account connects again with it.
   */
  async regenerateApiKey(): Promise<{ ok: true } | Declined> {
    const runtime = this.active();
    const question = newApiKeyQuestion(runtime.realmName, runtime.account.email);
    if (!(await this.#options.confirm(question))) return declined;
    const apiKey = await runtime.regenerateApiKey();
    const { account } = runtime;
    await this.#adopt(
      {
        serverUrl: account.serverUrl,
        email: account.email,
        apiKey,
        userId: account.userId,
        fullName: runtime.snapshot().user.fullName,
        realmName: account.realmName,
        realmIcon: account.realmIcon,
      },
      account.hosted,
    );
    return { ok: true };
  }

  async #adopt(signedIn: SignInResult, hosted: boolean): Promise<string> {
    const account = await this.#accounts.add(signedIn, { hosted });
    const previous = this.#runtimes.get(account.id);
    if (previous) {
      this.#runtimes.delete(account.id);
      await previous.stop();
    }
    this.#open(account, signedIn.apiKey);
    this.#activeId = account.id;
    this.#emitAppState();
    this.#fetchIcon(account);
    return account.id;
  }

  /** Fetches the organization's icon in the background; the switcher shows initials meanwhile. */
  #fetchIcon(account: Pick<AccountRecord, 'id' | 'serverUrl' | 'realmIcon' | 'certificate'>): void {
    const { fetch: pinned } = reachThrough(this.#network, account.serverUrl, account.certificate);
    void this.#icons.fetch(account.id, account.realmIcon, pinned).then((fetched) => {
      if (fetched && this.#runtimes.has(account.id)) this.#emitAppState();
    });
  }

  #open(account: Account, key: string | null): void {
    const opened = openCache(cacheFileOf(this.#options.profileDir, account), { log: this.#log });
    if (opened.rebuilt) {
      this.#log(
        `the cache of ${account.email} was unusable (${opened.rebuilt.detail}); moved to ${opened.rebuilt.movedTo} and rebuilt`,
      );
    }
    const isActive = () => this.#activeId === account.id;
    const runtime = new AccountRuntime(
      account,
      opened.cache,
      key,
      this.#options.tuning ?? {},
      this.#network,
      this.#log,
      () => this.#focused && isActive(),
      () => this.#present(),
    );
    this.#runtimes.set(account.id, runtime);
    runtime.on('alerts', (alerts) => this.#deliver(account.id, alerts));
    // A new icon has a new URL; a Hearth host draws its default icon from the
    // organization's name, so a new name may bring a new icon too.
    const iconOf = () => `${runtime.realmIconUrl ?? ''} ${runtime.realmName}`;
    let icon = iconOf();
    runtime.on('summary', () => {
      if (iconOf() !== icon) {
        icon = iconOf();
        this.#fetchIcon({ ...account, realmIcon: runtime.realmIconUrl ?? account.realmIcon });
      }
      this.#emitAppState();
    });
    runtime.on('snapshot', () => {
      if (isActive()) this.#events.emit('snapshot', undefined);
    });
    runtime.on('feed', (change) => {
      if (isActive()) this.#events.emit('feed', { accountId: account.id, ...change });
    });
    runtime.on('outbox', () => {
      if (isActive()) this.#events.emit('outbox', { accountId: account.id });
    });
    runtime.on('typing', (conversations) => {
      if (isActive()) this.#events.emit('typing', { accountId: account.id, conversations });
    });
    runtime.on('drafts', () => {
      if (isActive()) this.#events.emit('drafts', { accountId: account.id });
    });
    runtime.start();
  }

  #emitAppState(): void {
    const state = this.appState();
    this.#updateBadge(state.badge);
    this.#events.emit('appState', state);
  }
}

interface Failure {
  ok: false;
  field: SignInError['field'] | 'form';
  message: string;
  problem?: ReachProblem;
}

/** The server a join request names, as typed. */
function joinAddress(request: JoinRequest): string | null {
  switch (request.method) {
    case 'zuliprc':
      return parseZuliprcSite(request.zuliprc);
    case 'invitation':
      return parseInvitationLink(request.link)?.serverUrl ?? null;
    default:
      return splitPin(request.serverUrl).address;
  }
}

function parseZuliprcSite(text: string): string | null {
  try {
    return parseZuliprc(text).site;
  } catch {
    return null;
  }
}

function failure(error: unknown): Failure {
  if (error instanceof SignInError)
    return { ok: false, field: error.field, message: error.message };
  return {
    ok: false,
    field: 'form',
    message: error instanceof Error ? error.message : String(error),
  };
}

async function deleteCacheFiles(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(file + suffix, { force: true })));
}
