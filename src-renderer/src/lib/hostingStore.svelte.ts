import type { ChatBridge, HostingPage } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { changeOnServer } from './serverChange';

// The Hosting page of the organization this computer hosts: main reports how
// its host stands, and pushes a `hosting` event whenever that changes.
export class HostingStore {
  page = $state<HostingPage | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  #loads = 0;

  constructor(private readonly bridge: ChatBridge) {}

  async load(): Promise<void> {
    const load = ++this.#loads;
    try {
      const page = await this.bridge.getHosting({});
      if (load === this.#loads) this.page = page;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  clear(): void {
    this.#loads += 1;
    this.page = null;
    this.error = null;
  }

  async stop(): Promise<void> {
    await this.#control(() => this.bridge.stopHosting({}));
  }

  async start(): Promise<void> {
    await this.#control(() => this.bridge.startHosting({}));
  }

  async #control(call: () => Promise<unknown>): Promise<void> {
    this.busy = true;
    await changeOnServer(this, call);
    this.busy = false;
  }
}
