import type { ChatBridge, Inbox } from '../../../src-preload/bridge';
import { coalesced } from './coalesced';
import { errorText } from './errors';

const emptyInbox: Inbox = { dms: [], streams: [], folders: [] };

// Zulip's Inbox, read from the cache on opening and again whenever the
// sidebar says counts changed.
export class InboxStore {
  inbox = $state.raw<Inbox>(emptyInbox);
  loading = $state(false);
  error = $state<string | null>(null);

  empty = $derived(this.inbox.dms.length === 0 && this.inbox.streams.length === 0);

  constructor(private readonly bridge: ChatBridge) {}

  async open(): Promise<void> {
    this.loading = this.empty;
    await this.#read();
    this.loading = false;
  }

  /** Reads again, once at a time however many changes come. */
  readonly refresh = coalesced(() => this.#read());

  clear(): void {
    this.inbox = emptyInbox;
    this.error = null;
  }

  async #read(): Promise<void> {
    try {
      this.inbox = await this.bridge.inbox({});
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
