import type {
  ChatBridge,
  HostingPage,
  ZulipExport,
  ZulipVersion,
} from '../../../src-preload/bridge';
import { ServerPage } from './serverPage.svelte';

// The Hosting page of the organization this computer hosts: main reports how
// its host stands, and pushes a `hosting` event whenever that changes.
export class HostingStore extends ServerPage<HostingPage> {
  busy = $state(false);
  /** What the last export for Zulip wrote, until the window leaves the account. */
  exported = $state<ZulipExport | null>(null);

  constructor(private readonly bridge: ChatBridge) {
    super(() => bridge.getHosting({}));
  }

  override clear(): void {
    super.clear();
    this.exported = null;
  }

  stop(): Promise<void> {
    return this.#control(() => this.bridge.stopHosting({}));
  }

  start(): Promise<void> {
    return this.#control(() => this.bridge.startHosting({}));
  }

  /** Serves the network at `exposure`, or stops serving it (null). */
  setNetwork(exposure: { address: string; port: number } | null): Promise<void> {
    return this.#control(() => this.bridge.setHostingNetwork({ exposure }));
  }

  backUp(): Promise<void> {
    return this.#control(() => this.bridge.backUpHosting({}));
  }

  exportForZulip(zulipVersion: ZulipVersion): Promise<void> {
    this.exported = null;
    return this.#control(async () => {
      this.exported = await this.bridge.exportForZulip({ zulipVersion });
    });
  }

  setBackupKeep(keep: number): Promise<void> {
    return this.#control(() => this.bridge.setBackupKeep({ keep }));
  }

  setBotsReachPrivateNetworks(allow: boolean): Promise<void> {
    return this.#control(() => this.bridge.setBotsReachPrivateNetworks({ allow }));
  }

  restore(name: string): Promise<void> {
    return this.#control(() => this.bridge.restoreBackup({ name }));
  }

  async #control(call: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    await this.send(call);
    this.busy = false;
  }
}
