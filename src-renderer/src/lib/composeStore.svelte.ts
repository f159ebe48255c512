import type { ChatBridge, Narrow, OutboxEntry } from '../../../src-preload/bridge';
import { errorText } from './errors';
import type { FeedStore } from './feedStore.svelte';

/** What the compose box holds for one account while another is shown. */
export interface ComposeDraft {
  streamId: number | null;
  topic: string;
  content: string;
}

export const emptyDraft: ComposeDraft = { streamId: null, topic: '', content: '' };

// The message being written and where it goes. Sending hands it to the outbox,
// whose answer is the local echo the feed shows at once.
export class ComposeStore {
  streamId = $state<number | null>(null);
  topic = $state('');
  content = $state('');
  error = $state<string | null>(null);

  constructor(
    private readonly bridge: ChatBridge,
    private readonly feed: FeedStore,
  ) {}

  /** Targets what the user reads, as they expect a reply to go there. */
  follow(narrow: Narrow): void {
    if (narrow.kind !== 'stream') return;
    this.streamId = narrow.streamId;
    if (narrow.topic !== undefined) this.topic = narrow.topic;
  }

  save(): ComposeDraft {
    return { streamId: this.streamId, topic: this.topic, content: this.content };
  }

  restore(draft: ComposeDraft): void {
    this.streamId = draft.streamId;
    this.topic = draft.topic;
    this.content = draft.content;
    this.error = null;
  }

  /**
   * A message the server refused goes back into the compose box to be
   * changed and sent again; its failed entry leaves the outbox.
   */
  async editFailed(entry: OutboxEntry): Promise<void> {
    if (await this.feed.discard(entry.localId)) {
      this.restore({ streamId: entry.streamId, topic: entry.topic, content: entry.content });
    }
  }

  async send(): Promise<void> {
    const { streamId } = this;
    const topic = this.topic.trim();
    const content = this.content.trim();
    if (streamId === null || !topic || !content) return;
    try {
      const echo = await this.bridge.sendMessage({ streamId, topic, content });
      this.feed.addOutboxEntry(echo);
      this.content = '';
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
