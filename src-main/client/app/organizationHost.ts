import type {
  OwnCertificateRequest,
  FormResult,
  HostingPage,
  PublicNameRequest,
  PushRegistrationOutcome,
  PushServiceRequest,
  ZulipExport,
  ZulipVersion,
} from '../../../src-preload/bridge';
import { isLoopbackHost, probeServer, type Accounts, type SignInResult } from '../accounts';
import { declined, type Confirm, type Declined } from '../ports/confirmPort';
import type { HostingPort, NetworkExposure, NewOrganization } from '../ports/hostingPort';
import {
  exportQuestion,
  networkUrls,
  publicNameQuestion,
  ownCertificateQuestion,
  forgetPublicNameQuestion,
  pushServiceQuestion,
  restoreQuestion,
  serveNetworkQuestion,
} from '../ports/powerfulCalls';
import { mt } from '../../i18n/mainText';
import type { AccountRuntimes } from './accountRuntimes';
import { hostingPageOf } from './hostingPage';

export interface OrganizationHostOptions {
  hosting: HostingPort;
  confirm: Confirm;
  accounts: Accounts;
  runtimes: AccountRuntimes;
  log: (line: string) => void;
  /** Keeps the owner's account, signed in, and opens it in the window; resolves to its ID. */
  adopt: (signedIn: SignInResult) => Promise<string>;
  /** Whether the host runs changed. */
  changed: () => void;
}

/**
 * This computer's organization: creating it, its host started and stopped,
 * served to the network, backed up, restored and exported, each powerful step
 * once the person confirms it. Its owner's account is an account like any other.
 */
export class OrganizationHost {
  readonly #hosting: HostingPort;
  readonly #confirm: Confirm;
  readonly #accounts: Accounts;
  readonly #runtimes: AccountRuntimes;
  readonly #log: (line: string) => void;
  readonly #adopt: OrganizationHostOptions['adopt'];
  readonly #changed: () => void;
  #running = false;

  constructor(options: OrganizationHostOptions) {
    this.#hosting = options.hosting;
    this.#confirm = options.confirm;
    this.#accounts = options.accounts;
    this.#runtimes = options.runtimes;
    this.#log = options.log;
    this.#adopt = options.adopt;
    this.#changed = options.changed;
    // A host that stopped for a damaged database stays stopped; Start tries again.
    this.#hosting.onChange(() => {
      if (this.#running && this.#hosting.damage() !== null) {
        this.#running = false;
        this.#changed();
      }
    });
  }

  /** The host's state for the window; null when this computer hosts nothing. */
  status(): 'running' | 'stopped' | null {
    return this.#accounts.list.all().some((account) => account.hosted)
      ? this.#running
        ? 'running'
        : 'stopped'
      : null;
  }

  /** Creates this computer's organization, hosts it, and signs in as its owner. */
  async create(organization: NewOrganization): Promise<FormResult> {
    if (this.#accounts.list.all().some((account) => account.hosted)) {
      return { ok: false, field: 'form', message: mt('main.hosting.alreadyHosts') };
    }
    try {
      const signedIn = await this.#start(organization);
      return { ok: true, accountId: await this.#adopt(signedIn) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, field: /email/i.test(message) ? 'email' : 'form', message };
    }
  }

  /** Starts this computer's organization again; its host hands over the owner's key anew. */
  async resume(): Promise<void> {
    try {
      await this.#accounts.add(await this.#start(), { hosted: true });
    } catch (error) {
      this.#log(`could not host this computer's organization: ${String(error)}`);
    }
  }

  async page(): Promise<HostingPage> {
    const owner = this.#runtimes.all().find((runtime) => runtime.account.hosted) ?? null;
    return hostingPageOf(await this.#hosting.report(), owner);
  }

  /** Stops the host, whether or not it ran: the owner's account was removed, or the app quits. */
  async halt(): Promise<void> {
    await this.#hosting.stop();
    this.#running = false;
  }

  /** Stops this computer's host; its owner's account waits, offline, for it to start again. */
  async stop(): Promise<void> {
    this.#requireHosted();
    await this.halt();
    this.#changed();
  }

  async start(): Promise<void> {
    this.#requireHosted();
    if (this.#running) return;
    try {
      await this.#hosting.start();
    } catch (error) {
      // A damaged database is the page's to show, with what to restore.
      if (this.#hosting.damage() === null) throw error;
      this.#changed();
      return;
    }
    this.#running = true;
    this.#changed();
    this.#ownerChecksNow();
  }

  /** Lets others on the network join this computer's organization, once the person confirms it, or stops letting them. */
  async setNetwork(exposure: NetworkExposure | null): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    if (exposure !== null) {
      const { network } = await this.#hosting.report();
      const urls = networkUrls(exposure, network.interfaces);
      if (!(await this.#confirm(serveNetworkQuestion(realmName, urls)))) return declined;
    }
    await this.#hosting.setNetwork(exposure);
    // The host restarted on the same loopback port: its owner need not wait for the next retry.
    this.#ownerChecksNow();
    return { ok: true };
  }

  /**
   * Has the host obtain a certificate phones trust for a public name, once the
   * person confirms it: the authority is asked, and the name's DNS records change.
   */
  async setPublicName(request: PublicNameRequest): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    if (!(await this.#confirm(publicNameQuestion(realmName, request.name)))) return declined;
    await this.#hosting.setPublicName(request);
    this.#ownerChecksNow();
    return { ok: true };
  }

  /**
   * Has the host serve the owner's certificate by its names, once the
   * person confirms it; a pair that fails its checks is refused first.
   */
  async setOwnCertificate(request: OwnCertificateRequest): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    const { names } = await this.#hosting.checkOwnCertificate(request);
    if (!(await this.#confirm(ownCertificateQuestion(realmName, names)))) return declined;
    await this.#hosting.setOwnCertificate(request);
    this.#ownerChecksNow();
    return { ok: true };
  }

  /** Has the host forget its public name or own certificate, once the person confirms it. */
  async forgetPublicName(): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    const { publicName, ownCertificate } = await this.#hosting.report();
    const name = publicName?.name ?? ownCertificate?.names.join(', ');
    if (name === undefined) return { ok: true };
    if (!(await this.#confirm(forgetPublicNameQuestion(realmName, name)))) return declined;
    await this.#hosting.forgetPublicName();
    this.#ownerChecksNow();
    return { ok: true };
  }

  /** The owner has read what the host found cut short at its start. */
  dismissFoundAtStart(): void {
    this.#hosting.dismissFoundAtStart();
  }

  /** Asks the authority for the public name's certificate now. */
  async renewCertificate(): Promise<void> {
    this.#requireHosted();
    await this.#hosting.renewCertificate();
  }

  /**
   * Registers the host with a push notification service, once the person
   * confirms it: the window has shown the service's terms and what
   * registering sends, and the person accepted them.
   */
  async registerPushService(
    request: PushServiceRequest,
  ): Promise<{ ok: true; outcome: PushRegistrationOutcome } | Declined> {
    const realmName = this.#hostedRealmName();
    // The service's key goes with every call the host makes to it.
    const url = new URL(request.url);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new Error(mt('main.pushService.cleartext', { host: url.host }));
    }
    const question = pushServiceQuestion(realmName, request.url, request.contactEmail);
    if (!(await this.#confirm(question))) return declined;
    return { ok: true, outcome: await this.#hosting.registerPushService(request) };
  }

  async backUp(): Promise<void> {
    this.#requireHosted();
    await this.#hosting.backUp();
  }

  /** Writes the organization for a Zulip server to import, once the person confirms it, while the host goes on serving. */
  async exportForZulip(
    zulipVersion: ZulipVersion,
  ): Promise<{ ok: true; export: ZulipExport } | Declined> {
    const realmName = this.#hostedRealmName();
    const folder = this.#hosting.exportsDir;
    if (folder === null) throw new Error(mt('main.hosting.exportsNothing'));
    const question = exportQuestion(realmName, zulipVersion, folder);
    if (!(await this.#confirm(question))) return declined;
    return { ok: true, export: await this.#hosting.exportForZulip(zulipVersion) };
  }

  async setBackupKeep(keep: number): Promise<void> {
    this.#requireHosted();
    await this.#hosting.setBackupKeep(keep);
  }

  async setBotsReachPrivateNetworks(allow: boolean): Promise<void> {
    this.#requireHosted();
    await this.#hosting.setBotsReachPrivateNetworks(allow);
  }

  /** A name the host is also reached by (a reverse proxy's, a DNS name), as `--allowed-host` adds one. */
  async addAllowedHost(name: string): Promise<void> {
    this.#requireHosted();
    await this.#hosting.addAllowedHost(name);
  }

  async removeAllowedHost(name: string): Promise<void> {
    this.#requireHosted();
    await this.#hosting.removeAllowedHost(name);
  }

  /**
   * Puts a backup in place of the organization's database, once the person
   * confirms it. Everyone's event queue is gone with the old database: every
   * client, the owner's here among them, registers again and catches up.
   */
  async restoreBackup(name: string): Promise<{ ok: true } | Declined> {
    const realmName = this.#hostedRealmName();
    const backup = (await this.#hosting.report()).backups.files.find((file) => file.name === name);
    if (!backup) throw new Error(mt('main.hosting.noSuchBackup'));
    if (!(await this.#confirm(restoreQuestion(realmName, backup.takenAt)))) return declined;
    await this.#hosting.restore(name);
    this.#running = true;
    this.#changed();
    this.#ownerChecksNow();
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

  #ownerChecksNow(): void {
    for (const runtime of this.#runtimes.all()) {
      if (runtime.account.hosted) runtime.session?.checkNow();
    }
  }

  async #start(organization?: NewOrganization): Promise<SignInResult> {
    const host = await this.#hosting.start(organization);
    this.#running = true;
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
}
