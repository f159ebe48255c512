import type { ChatBridge } from '../../../src-preload/bridge';
import { errorText } from './errors';

/** The topic the dialog asks about, with its number of messages where this computer knows it. */
export interface TopicToDelete {
  streamId: number;
  streamName: string;
  topic: string;
  count: number | null;
}

// Zulip's "Delete topic", for administrators, asked for in a dialog. The
// messages leave the window with the server's deletion events.
export class TopicDeletionStore {
  /** What the dialog asks about; null while it is closed. */
  asking = $state.raw<TopicToDelete | null>(null);
  deleting = $state(false);
  error = $state<string | null>(null);

  constructor(
    private readonly bridge: ChatBridge,
    /** Told once a topic is gone, so a view of it can go elsewhere. */
    private readonly deleted: (streamId: number, topic: string) => void,
  ) {}

  async ask(streamId: number, streamName: string, topic: string): Promise<void> {
    this.error = null;
    const asking = { streamId, streamName, topic, count: null };
    this.asking = asking;
    try {
      const { count } = await this.bridge.topicMessageCount({ streamId, topic });
      if (this.asking === asking) this.asking = { ...asking, count };
    } catch {
      // Without a count, the dialog names the topic alone.
    }
  }

  cancel(): void {
    this.asking = null;
    this.error = null;
    this.deleting = false;
  }

  async confirm(): Promise<void> {
    const asking = this.asking;
    if (!asking || this.deleting) return;
    this.deleting = true;
    try {
      await this.bridge.deleteTopic({ streamId: asking.streamId, topic: asking.topic });
      this.cancel();
      this.deleted(asking.streamId, asking.topic);
    } catch (error) {
      this.error = errorText(error);
      this.deleting = false;
    }
  }
}
