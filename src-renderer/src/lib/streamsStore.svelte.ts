import type {
  BrowsedStream,
  CallArgs,
  ChatBridge,
  MutedTopic,
  StreamSettings,
  SubscriptionChange,
} from '../../../src-preload/bridge';
import { errorText } from './errors';
import { listedStreams, type ChannelStatus } from './listedStreams';

export type NewStreamDraft = CallArgs<'createStream'>;

/** The pages about streams the main area can show. */
export type StreamsPage = 'streams' | 'streamSettings' | 'mutedTopics';

// The stream browser, one subscription's settings and the muted topics of the
// account in the window. Changes go to the server and the pages show what it
// then says: they are read again whenever an event changes the sidebar.
export class StreamsStore {
  streams = $state.raw<BrowsedStream[]>([]);
  /** Null where the server keeps no archived channels. */
  archived = $state.raw<BrowsedStream[] | null>(null);
  filter = $state('');
  status = $state<ChannelStatus>('active');
  settings = $state.raw<StreamSettings | null>(null);
  mutedTopics = $state.raw<MutedTopic[]>([]);
  error = $state<string | null>(null);
  /** Why the last new stream was refused, shown beside the form. */
  createError = $state<string | null>(null);
  #settingsStreamId: number | null = null;
  #reads = 0;

  shownStreams = $derived.by(() => {
    const wanted = this.filter.trim().toLowerCase();
    const listed = listedStreams(this.streams, this.archived ?? [], this.status);
    return wanted === ''
      ? listed
      : listed.filter((stream) => stream.name.toLowerCase().includes(wanted));
  });

  constructor(private readonly bridge: ChatBridge) {}

  /** Shows `page` afresh: the settings page shows those of `streamId`. */
  async open(page: StreamsPage, streamId: number | null = null): Promise<void> {
    this.error = null;
    this.createError = null;
    this.filter = '';
    this.status = 'active';
    if (page === 'streamSettings') {
      this.#settingsStreamId = streamId;
      this.settings = null;
    }
    await this.refresh(page);
  }

  /** Reads again what `page` shows, as the server now has it; an earlier failure stays shown. */
  async refresh(page: StreamsPage): Promise<void> {
    const read = ++this.#reads;
    const streamId = this.#settingsStreamId;
    try {
      if (page === 'streams') {
        const { streams, archived } = await this.bridge.listStreams({});
        if (read === this.#reads) {
          this.streams = streams;
          this.archived = archived;
        }
      } else if (page === 'mutedTopics') {
        const { topics } = await this.bridge.listMutedTopics({});
        if (read === this.#reads) this.mutedTopics = topics;
      } else if (streamId !== null) {
        const settings = await this.bridge.getStreamSettings({ streamId });
        if (read === this.#reads) this.settings = settings;
      }
    } catch (error) {
      // A stream left meanwhile (here or elsewhere) has no settings left to show.
      if (page === 'streamSettings' && read === this.#reads) this.settings = null;
      this.error = errorText(error);
    }
  }

  async subscribe(streamId: number): Promise<void> {
    await this.#attempt(() => this.bridge.subscribeToStream({ streamId }));
  }

  async unsubscribe(streamId: number): Promise<void> {
    await this.#attempt(() => this.bridge.unsubscribeFromStream({ streamId }));
  }

  /** Asks the server for a new stream; resolves false, with the reason, when it is refused. */
  async create(draft: NewStreamDraft): Promise<boolean> {
    try {
      await this.bridge.createStream(draft);
      this.createError = null;
      return true;
    } catch (error) {
      this.createError = errorText(error);
      return false;
    }
  }

  async change(streamId: number, change: SubscriptionChange): Promise<void> {
    await this.#attempt(() => this.bridge.changeSubscription({ streamId, change }));
    // What the server holds now: the change once its event came, or the old value if it refused.
    await this.refresh('streamSettings');
  }

  async setTopicMuted(streamId: number, topic: string, muted: boolean): Promise<void> {
    await this.#attempt(() => this.bridge.setTopicMuted({ streamId, topic, muted }));
  }

  async setTopicFollowed(streamId: number, topic: string, followed: boolean): Promise<void> {
    await this.#attempt(() => this.bridge.setTopicFollowed({ streamId, topic, followed }));
  }

  clear(): void {
    this.#reads += 1;
    this.#settingsStreamId = null;
    this.streams = [];
    this.archived = null;
    this.status = 'active';
    this.settings = null;
    this.mutedTopics = [];
    this.filter = '';
    this.error = null;
    this.createError = null;
  }

  async #attempt(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }
}
