import type {
  ChatBridge,
  ConnectionState,
  Message,
  Snapshot,
  Subscription,
} from '../../src-preload/bridge';
import { BotsStore } from './botsStore.svelte';

/** What the main area shows: the selected conversation, or the user's bots. */
export type View = 'conversation' | 'bots';

export interface Selection {
  stream: string;
  topic: string | null;
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function isInStream(message: Message, stream: string): boolean {
  return (
    message.type === 'stream' &&
    typeof message.display_recipient === 'string' &&
    sameName(message.display_recipient, stream)
  );
}

// The renderer's whole state: fed by bridge calls and pushed events, read by
// components, which never talk to the bridge themselves.
export class ChatStore {
  snapshot = $state<Snapshot | null>(null);
  subscriptions = $state<Subscription[]>([]);
  connection = $state<ConnectionState>('connecting');
  selection = $state<Selection | null>(null);
  streamMessages = $state<Message[]>([]);
  error = $state<string | null>(null);
  view = $state<View>('conversation');
  /** The message being written, kept here so that it outlives a visit to another view. */
  draft = $state('');
  readonly bots: BotsStore;
  #loads = 0;

  /** Topics of the loaded stream, most recently active first. */
  topics = $derived.by(() => {
    const topics: string[] = [];
    for (const message of this.streamMessages.toReversed()) {
      if (!topics.some((topic) => sameName(topic, message.subject))) topics.push(message.subject);
    }
    return topics;
  });

  visibleMessages = $derived.by(() => {
    const topic = this.selection?.topic;
    return topic == null
      ? this.streamMessages
      : this.streamMessages.filter((message) => sameName(message.subject, topic));
  });

  constructor(private readonly bridge: ChatBridge) {
    this.bots = new BotsStore(bridge);
  }

  async start(): Promise<void> {
    this.bridge.on('connection', (state) => (this.connection = state));
    this.bridge.on('subscriptions', (subscriptions) => (this.subscriptions = subscriptions));
    this.bridge.on('message', (message) => this.receive(message));
    try {
      const snapshot = await this.bridge.getSnapshot({});
      this.snapshot = snapshot;
      this.subscriptions = snapshot.subscriptions;
      this.connection = snapshot.connection;
      const first = snapshot.subscriptions[0];
      if (first) await this.select({ stream: first.name, topic: null });
    } catch (error) {
      this.fail(error);
    }
  }

  async showBots(): Promise<void> {
    this.view = 'bots';
    await this.bots.load();
  }

  async select(selection: Selection): Promise<void> {
    this.view = 'conversation';
    const streamChanged =
      this.selection === null || !sameName(this.selection.stream, selection.stream);
    this.selection = selection;
    if (!streamChanged) return;
    this.streamMessages = [];
    // $state wraps the selection in a proxy, so a stale answer is recognised by
    // its request number rather than by identity.
    const request = ++this.#loads;
    try {
      const messages = await this.bridge.getMessages({ stream: selection.stream });
      if (request === this.#loads) this.streamMessages = mergeById(messages, this.streamMessages);
    } catch (error) {
      this.fail(error);
    }
  }

  async send(draft: { stream: string; topic: string; content: string }): Promise<boolean> {
    try {
      await this.bridge.sendMessage(draft);
      this.error = null;
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    }
  }

  private receive(message: Message): void {
    const stream = this.selection?.stream;
    if (stream !== undefined && isInStream(message, stream)) {
      this.streamMessages = mergeById(this.streamMessages, [message]);
    }
  }

  private fail(error: unknown): void {
    this.error = error instanceof Error ? error.message : String(error);
  }
}

function mergeById(older: Message[], newer: Message[]): Message[] {
  const kept = older.filter((message) => !newer.some((other) => other.id === message.id));
  return [...kept, ...newer].sort((x, y) => x.id - y.id);
}
