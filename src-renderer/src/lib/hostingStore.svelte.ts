import type {
  ChatBridge,
  HostingPage,
  OwnCertificateRequest,
  PublicNameRequest,
  PushRegistrationOutcome,
  PushServiceRequest,
  ZulipExport,
  ZulipVersion,
} from '../../../src-preload/bridge';
import { hostOfSetting } from '../../../src-main/wire/hostName';
import { t, type MessageKey } from './i18n.svelte';
import { ServerPage } from './serverPage.svelte';

// The Hosting page of the organization this computer hosts: main reports how
// its host stands, and pushes a `hosting` event whenever that changes.
export class HostingStore extends ServerPage<HostingPage> {
  busy = $state(false);
  /** What the last export for Zulip wrote, until the window leaves the account. */
  exported = $state<ZulipExport | null>(null);
  /** What was left undone because the person chose Cancel in main's dialog. */
  declined = $state<string | null>(null);
  /** What became of the last registration with a push notification service, until the window leaves the account. */
  pushRegistration = $state<PushRegistrationOutcome | null>(null);

  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.getHosting({}));
  }

  override clear(): void {
    super.clear();
    this.exported = null;
    this.declined = null;
    this.pushRegistration = null;
  }

  stop(): Promise<void> {
    return this.#control(() => this.bridge.stopHosting({}));
  }

  start(): Promise<void> {
    return this.#control(() => this.bridge.startHosting({}));
  }

  /** Serves the network at `exposure`, or stops serving it (null). */
  setNetwork(exposure: { address: string; port: number } | null): Promise<void> {
    return this.#confirmed(
      () => this.bridge.setHostingNetwork({ exposure }),
      'window.hosting.networkCancelled',
    );
  }

  /** Has the host obtain a certificate phones trust for a public name (main confirms it first). */
  setPublicName(request: PublicNameRequest): Promise<void> {
    return this.#confirmed(
      () => this.bridge.setPublicName(request),
      'window.hosting.publicNameCancelled',
    );
  }

  /** Has the host serve the owner's own certificate (main confirms it first). */
  setOwnCertificate(request: OwnCertificateRequest): Promise<void> {
    return this.#confirmed(
      () => this.bridge.setOwnCertificate(request),
      'window.hosting.ownCertificateCancelled',
    );
  }

  /** Back to the host's own certificate alone, forgetting the public name or own certificate (main confirms it first). */
  forgetPublicName(): Promise<void> {
    return this.#confirmed(
      () => this.bridge.forgetPublicName({}),
      'window.hosting.forgetPublicNameCancelled',
    );
  }

  /** Asks the authority for the public name's certificate now. */
  renewCertificate(): Promise<void> {
    return this.#control(() => this.bridge.renewCertificate({}));
  }

  /** Registers the host with a push notification service (main confirms it first). */
  registerPushService(request: PushServiceRequest): Promise<void> {
    this.pushRegistration = null;
    return this.#confirmed(async () => {
      const done = await this.bridge.registerPushService(request);
      if (done.ok) this.pushRegistration = done.outcome;
      return done;
    }, 'window.hosting.pushServiceCancelled');
  }

  /** The owner has read what the host found cut short at its start. */
  dismissFoundAtStart(): Promise<void> {
    return this.#control(() => this.bridge.dismissFoundAtStart({}));
  }

  backUp(): Promise<void> {
    return this.#control(() => this.bridge.backUpHosting({}));
  }

  exportForZulip(zulipVersion: ZulipVersion): Promise<void> {
    this.exported = null;
    return this.#confirmed(async () => {
      const done = await this.bridge.exportForZulip({ zulipVersion });
      if (done.ok) this.exported = done.export;
      return done;
    }, 'window.hosting.exportCancelled');
  }

  setBackupKeep(keep: number): Promise<void> {
    return this.#control(() => this.bridge.setBackupKeep({ keep }));
  }

  setBotsReachPrivateNetworks(allow: boolean): Promise<void> {
    return this.#control(() => this.bridge.setBotsReachPrivateNetworks({ allow }));
  }

  /** Why the host could not answer to `name`, by the test `--allowed-host` puts a name to; null when it could. */
  allowedHostProblem(name: string): string | null {
    return hostOfSetting(name) === null
      ? t('hosting.allowedHosts.notAName', { name: name.trim() })
      : null;
  }

  /** Has the host answer to one more name, restarting it; main refuses what is no host name (`error` says why). */
  addAllowedHost(name: string): Promise<void> {
    return this.#control(() => this.bridge.addAllowedHost({ name }));
  }

  removeAllowedHost(name: string): Promise<void> {
    return this.#control(() => this.bridge.removeAllowedHost({ name }));
  }

  restore(name: string): Promise<void> {
    return this.#confirmed(
      () => this.bridge.restoreBackup({ name }),
      'window.hosting.restoreCancelled',
    );
  }

  /** A call main confirms with the person first; `declinedKey` says so when they cancel. */
  #confirmed(call: () => Promise<{ ok: boolean }>, declinedKey: MessageKey): Promise<void> {
    this.declined = null;
    return this.#control(async () => {
      if (!(await call()).ok) this.declined = t(declinedKey);
    });
  }

  async #control(call: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    await this.send(call);
    this.busy = false;
  }
}
