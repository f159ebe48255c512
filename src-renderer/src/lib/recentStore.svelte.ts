import type { ChatBridge, RecentConversation } from '../../../src-preload/bridge';
import { coalesced } from './coalesced';
import { errorText } from './errors';

// Zulip's Recent conversations view: read once from the server on opening,
// then again from the cache whenever the sidebar says something changed.
export class RecentStore {
  conversations = $state<RecentConversation[]>([]);
  /** Only conversations with unread messages. */
  unreadOnly = $state(false);
  loading = $state(false);
  error = $state<string | null>(null);

  shown = $derived(
    this.unreadOnly
      ? this.conversations.filter((conversation) => conversation.unread > 0)
      : this.conversations,
  );

  constructor(private readonly bridge: ChatBridge) {}

  async open(): Promise<void> {
    this.loading = this.conversations.length === 0;
    await this.#read(true);
    this.loading = false;
  }

  /** Something changed: reads the cache again, once at a time, however many changes come. */
  readonly refresh = coalesced(() => this.#read(false));

  clear(): void {
    this.conversations = [];
    this.error = null;
  }

  async #read(fromServer: boolean): Promise<void> {
    try {
      this.conversations = (await this.bridge.recentConversations({ fromServer })).conversations;
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
