import { join } from 'node:path';
import type {
  AppPreferences,
  AppState,
  FormResult,
  HostingPage,
  Narrow,
  NetworkSettings,
  ProbeResult,
  ZulipExport,
  ZulipVersion,
  OwnCertificateRequest,
  PublicNameRequest,
  PushRegistrationOutcome,
  PushServiceRequest,
  SpellingOffers,
} from '../../../src-preload/bridge';
import { Accounts } from '../accounts';
import type { FoundOrganization } from '../accounts/discovery';
import { Network, type NetworkOptions } from '../network/routing';
import { Emitter } from '../emitter';
import { privateDir } from '../privateDir';
import type { DoNotDisturbChoice } from '../notify/doNotDisturb';
import { declined, type Confirm, type Declined } from '../ports/confirmPort';
import type { Notifier } from '../ports/notifier';
import type { SpellingPort } from '../ports/spellingPort';
import { systemSpellingLanguages } from '../preferences/spellingLanguages';
import type { LinkTarget } from '../links/linkTargets';
import { PreferenceFile, type WindowBounds } from '../preferences/preferenceFile';
import { NetworkPreferences, type NetworkChange } from '../preferences/networkPreferences';
import {
  noSystemConfig,
  readSystemConfig,
  systemConfigProblemText,
  type SystemConfig,
  type SystemConfigReading,
} from '../preferences/systemConfig';
import type { SecretStore } from '../secretStore';
import type { AccountRuntime, SessionTuning } from '../runtime/accountRuntime';
import { RealmIcons } from '../admin/realmIcons';
import { nodeCheckProcess, type StartCheckProcess } from '../cache/cacheCheck';
import type { HostingPort, NetworkExposure, NewOrganization } from '../ports/hostingPort';
import { newApiKeyQuestion } from '../ports/powerfulCalls';
import type { FileToSend } from '../actions/uploads';
import { mt } from '../../i18n/mainText';
import { AccountRuntimes, cacheFileOf, deleteCacheFiles } from './accountRuntimes';
import type { HearthAppEvents } from './appEvents';
import { DesktopAlerts } from './desktopAlerts';
import { FileTransfers, type Downloads } from './fileTransfers';
import { JoinForm, type JoinRequest } from './joinForm';
import { LinkOpener } from './linkOpener';
import { OrganizationHost } from './organizationHost';
import { WindowFocus } from './windowFocus';

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
  downloads?: Downloads;
  /** The administrator's file for everyone on this computer (systemConfig.ts); none is read when absent. */
  systemConfigFile?: string;
  /** The spell-checker's languages; absent where the system chooses them (macOS). */
  spelling?: SpellingPort;
  /** Starts the process that checks a cache file whole; a Node child when absent. */
  checkProcess?: StartCheckProcess;
}

const logOf = (options: HearthAppOptions) =>
  options.log ?? ((line: string) => console.warn(`[hearth] ${line}`));

/**
 * The whole client side of Hearth: the accounts, this computer's hosted
 * organization, and one runtime (cache, session, outbox) per account, with one
 * of them shown in the window. The Electron main process and the browser
 * harness both run exactly this.
 */
export class HearthApp {
  readonly #options: HearthAppOptions;
  readonly #accounts: Accounts;
  readonly #icons: RealmIcons;
  readonly #network: Network;
  readonly #events: Emitter<HearthAppEvents>;
  readonly #log: (line: string) => void;
  readonly #preferences: PreferenceFile;
  readonly #networkPreferences: NetworkPreferences;
  readonly #focus: WindowFocus;
  readonly #alerts: DesktopAlerts;
  readonly #runtimes: AccountRuntimes;
  readonly #joinForm: JoinForm;
  readonly #host: OrganizationHost;
  readonly #links: LinkOpener;
  readonly #files: FileTransfers;
  #systemConfig: SystemConfigReading = { config: noSystemConfig, problem: null };

  private constructor(options: HearthAppOptions, accounts: Accounts, preferences: PreferenceFile) {
    this.#options = options;
    this.#accounts = accounts;
    this.#preferences = preferences;
    this.#network = new Network(options.network);
    this.#networkPreferences = new NetworkPreferences(this.#network, preferences, options.secrets);
    this.#icons = new RealmIcons(options.profileDir, this.#network.fetchFor());
    this.#log = logOf(options);
    this.#events = new Emitter((error) => this.#log(`app listener failed: ${String(error)}`));
    const now = () => options.now?.() ?? Date.now();
    this.#focus = new WindowFocus(now);
    this.#alerts = new DesktopAlerts({
      notifier: options.notifier,
      preferences,
      desktopQuiet: options.desktopQuiet,
      focused: () => this.#focus.focused,
      now,
    });
    this.#runtimes = new AccountRuntimes({
      accounts,
      profileDir: options.profileDir,
      tuning: options.tuning ?? {},
      network: this.#network,
      icons: this.#icons,
      events: this.#events,
      log: this.#log,
      focused: () => this.#focus.focused,
      present: () => this.#focus.present(),
      deliver: (accountId, alerts) => this.#alerts.deliver(accountId, alerts),
      changed: () => this.#emitAppState(),
      checkProcess: options.checkProcess ?? nodeCheckProcess,
    });
    this.#joinForm = new JoinForm({
      network: this.#network,
      icons: this.#icons,
      accounts: accounts.list,
      adopt: (signedIn) => this.#runtimes.adopt(signedIn, false),
    });
    this.#host = new OrganizationHost({
      hosting: options.hosting,
      confirm: options.confirm,
      accounts,
      runtimes: this.#runtimes,
      log: this.#log,
      adopt: (signedIn) => this.#runtimes.adopt(signedIn, true),
      changed: () => this.#emitAppState(),
    });
    this.#links = new LinkOpener(this.#runtimes, this.#events);
    this.#files = new FileTransfers({
      runtimes: this.#runtimes,
      links: this.#links,
      network: this.#network,
      events: this.#events,
      downloads: options.downloads,
      saving: () => preferences.values,
    });
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
    if (options.systemConfigFile !== undefined) {
      app.#systemConfig = await readSystemConfig(options.systemConfigFile);
      const { problem } = app.#systemConfig;
      if (problem) app.#log(systemConfigProblemText(problem));
    }
    if (accounts.list.movedAside) {
      app.#log(`the account list could not be read; it was moved to ${accounts.list.movedAside}`);
    }
    if (accounts.list.all().some((account) => account.hosted)) await app.#host.resume();
    await app.#icons.load(accounts.list.all().map((account) => account.id));
    for (const { account, key } of await accounts.withKeys()) {
      app.#runtimes.open(account, key);
      if (app.#icons.get(account.id) === null) app.#runtimes.fetchIcon(account);
    }
    app.#runtimes.show(accounts.list.all()[0]?.id ?? null);
    app.#alerts.badge(app.appState().badge);
    return app;
  }

  on<E extends keyof HearthAppEvents>(
    event: E,
    listener: (payload: HearthAppEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  async stop(): Promise<void> {
    await this.#runtimes.closeAll();
    await this.#accounts.list.settled();
    await this.#host.halt();
    await this.#network.close();
  }

  /** The computer woke up: every account checks its link now. */
  resume(): void {
    for (const runtime of this.#runtimes.all()) runtime.session?.checkNow();
  }

  appState(): AppState {
    const keyInMemoryOnly = this.#accounts.notice !== null;
    let badge = 0;
    // Each account's unread counts are read once, for its line and its share of the badge.
    const accounts = this.#runtimes.all().map((runtime) => {
      const counts = runtime.cache.unreadCounts();
      badge += runtime.badge(counts);
      return {
        ...runtime.summary(runtime.account.hosted, keyInMemoryOnly, counts),
        realmIcon: this.#icons.get(runtime.account.id),
        storage: this.#runtimes.storageNotice(runtime.account.id),
      };
    });
    return {
      accounts,
      activeAccountId: this.#runtimes.activeId,
      badge,
      doNotDisturb: this.#alerts.doNotDisturb(),
      hosting: this.#host.status(),
      preferences: this.preferences(),
    };
  }

  /** What the administrator's file sets, and what was wrong with it, in main's language now. */
  systemConfig(): SystemConfig & { problem: string | null } {
    const { config, problem } = this.#systemConfig;
    return { ...config, problem: problem && systemConfigProblemText(problem) };
  }

  dismissStorageNotice(accountId: string): void {
    this.#runtimes.dismissStorageNotice(accountId);
  }

  /** The account shown in the window. */
  active(): AccountRuntime {
    return this.#runtimes.active();
  }

  activeOrNull(): AccountRuntime | null {
    return this.#runtimes.activeOrNull();
  }

  switchTo(accountId: string): void {
    if (!this.#runtimes.has(accountId)) throw new Error(mt('main.accounts.noSuchAccount'));
    this.#runtimes.show(accountId);
    this.#emitAppState();
  }

  async remove(accountId: string): Promise<void> {
    const runtime = await this.#runtimes.close(accountId);
    if (!runtime) return;
    await this.#accounts.remove(accountId);
    await this.#icons.forget(accountId);
    if (runtime.account.hosted) await this.#host.halt();
    this.#runtimes.showAnotherThan(accountId);
    this.#emitAppState();
  }

  rememberNarrow(narrow: Narrow): void {
    this.#runtimes.rememberNarrow(narrow);
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
    await this.#runtimes.adopt(
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

  /**
   * Trusts, for the account's server only, the certificate it presents now,
   * if it is the one the person was shown; the server's accounts connect
   * with it at once.
   */
  async trustServerCertificate(accountId: string, fingerprint: string): Promise<void> {
    const { serverUrl } = this.#runtimes.require(accountId).account;
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
    await this.#runtimes.reopenServer(serverUrl);
    this.#emitAppState();
  }

  probe(serverUrl: string): Promise<ProbeResult> {
    return this.#joinForm.probe(serverUrl);
  }

  findOrganizations(): Promise<FoundOrganization[]> {
    return this.#joinForm.findOrganizations();
  }

  join(request: JoinRequest): Promise<FormResult> {
    return this.#joinForm.join(request);
  }

  host(organization: NewOrganization): Promise<FormResult> {
    return this.#host.create(organization);
  }

  preferences(): AppPreferences {
    // The window's own choices, without those with a page or place of their
    // own; picked, not parsed, as every unread count sends the app's state.
    const values = this.#preferences.values;
    return {
      keepInTray: values.keepInTray,
      startAtLogin: values.startAtLogin,
      spellcheck: values.spellcheck,
      updateWhileHosting: values.updateWhileHosting,
      startMinimized: values.startMinimized,
      showTray: values.showTray,
      flashOnMessage: values.flashOnMessage,
      spellcheckLanguages: values.spellcheckLanguages,
      downloadFolder: values.downloadFolder,
      askWhereToSave: values.askWhereToSave,
      zoomFactor: values.zoomFactor,
    };
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

  /** Where the window was when it last closed. */
  windowBounds(): WindowBounds | null {
    return this.#preferences.values.windowBounds;
  }

  async rememberWindowBounds(bounds: WindowBounds): Promise<void> {
    await this.#preferences.change({ windowBounds: bounds });
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
    for (const runtime of this.#runtimes.all()) runtime.session?.reroute();
    return this.#networkPreferences.settings();
  }

  /** Silences notifications and sounds for a while, or until turned off; the badge keeps counting. */
  async setDoNotDisturb(choice: DoNotDisturbChoice | 'off'): Promise<AppState> {
    await this.#alerts.setDoNotDisturb(choice);
    this.#emitAppState();
    return this.appState();
  }

  setWindowFocus(focused: boolean): void {
    this.#focus.set(focused);
  }

  /**
   * A notification was clicked: the window is told to show its conversation,
   * switching to its account itself, so it opens there rather than where the
   * account was left.
   */
  openAlert(id: string): void {
    const target = this.#alerts.targetOf(id);
    if (target && this.#runtimes.has(target.accountId)) this.#events.emit('navigate', target);
  }

  openLink(href: string, { fromWindow }: { fromWindow: boolean }): LinkTarget {
    return this.#links.open(href, { fromWindow });
  }

  upload(accountId: string, uploadId: string, file: FileToSend): Promise<string> {
    return this.#files.upload(accountId, uploadId, file);
  }

  cancelUpload(uploadId: string): void {
    this.#files.cancelUpload(uploadId);
  }

  uploadedImage(accountId: string, href: string): Promise<string> {
    return this.#files.uploadedImage(accountId, href);
  }

  emojiImage(accountId: string, url: string): Promise<string> {
    return this.#files.emojiImage(accountId, url);
  }

  messageEmojiImage(accountId: string, src: string): Promise<string> {
    return this.#files.messageEmojiImage(accountId, src);
  }

  saveUpload(accountId: string, href: string): Promise<{ name: string; path: string } | null> {
    return this.#files.saveUpload(accountId, href);
  }

  /** The folder the person picks in the desktop's dialog becomes the one files are saved to. */
  async chooseDownloadFolder(): Promise<AppState> {
    const folder = await this.#files.chooseFolder();
    return folder === null ? this.appState() : this.setPreferences({ downloadFolder: folder });
  }

  /** The spell-checker's languages Settings › Desktop offers, and those it checks in unless chosen. */
  spellingOffers(): SpellingOffers {
    const spelling = this.#options.spelling;
    if (!spelling) return { choosable: false, available: [], systemLanguages: [] };
    const available = [...spelling.available()];
    const systemLanguages = systemSpellingLanguages(spelling.preferred(), available);
    return { choosable: true, available, systemLanguages };
  }

  hostingPage(): Promise<HostingPage> {
    return this.#host.page();
  }

  startHosting(): Promise<void> {
    return this.#host.start();
  }

  stopHosting(): Promise<void> {
    return this.#host.stop();
  }

  setHostingNetwork(exposure: NetworkExposure | null): Promise<{ ok: true } | Declined> {
    return this.#host.setNetwork(exposure);
  }

  setPublicName(request: PublicNameRequest): Promise<{ ok: true } | Declined> {
    return this.#host.setPublicName(request);
  }

  setOwnCertificate(request: OwnCertificateRequest): Promise<{ ok: true } | Declined> {
    return this.#host.setOwnCertificate(request);
  }

  forgetPublicName(): Promise<{ ok: true } | Declined> {
    return this.#host.forgetPublicName();
  }

  renewCertificate(): Promise<void> {
    return this.#host.renewCertificate();
  }

  dismissFoundAtStart(): void {
    this.#host.dismissFoundAtStart();
  }

  registerPushService(
    request: PushServiceRequest,
  ): Promise<{ ok: true; outcome: PushRegistrationOutcome } | Declined> {
    return this.#host.registerPushService(request);
  }

  backUpHosting(): Promise<void> {
    return this.#host.backUp();
  }

  setBackupKeep(keep: number): Promise<void> {
    return this.#host.setBackupKeep(keep);
  }

  setBotsReachPrivateNetworks(allow: boolean): Promise<void> {
    return this.#host.setBotsReachPrivateNetworks(allow);
  }

  addAllowedHost(name: string): Promise<void> {
    return this.#host.addAllowedHost(name);
  }

  removeAllowedHost(name: string): Promise<void> {
    return this.#host.removeAllowedHost(name);
  }

  exportForZulip(
    zulipVersion: ZulipVersion,
  ): Promise<{ ok: true; export: ZulipExport } | Declined> {
    return this.#host.exportForZulip(zulipVersion);
  }

  restoreBackup(name: string): Promise<{ ok: true } | Declined> {
    return this.#host.restoreBackup(name);
  }

  #emitAppState(): void {
    const state = this.appState();
    this.#alerts.badge(state.badge);
    this.#events.emit('appState', state);
  }
}
