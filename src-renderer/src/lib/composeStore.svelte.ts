import type {
  ChatBridge,
  ComposeCheck,
  ComposeTarget,
  Destination,
  Narrow,
  OutboxEntry,
  TopicsPolicy,
} from '../../../src-preload/bridge';
import { errorText } from './errors';
import type { FeedStore } from './feedStore.svelte';

/** A message to a stream's topic, or a direct message. */
export type ComposeKind = 'stream' | 'private';

/** What the compose box holds for one account while another is shown. */
export interface ComposeDraft {
  kind: ComposeKind;
  streamId: number | null;
  topic: string;
  /** The people of a direct message, the sender aside (or alone, for a note to oneself). */
  recipients: number[];
  content: string;
}

export const emptyDraft: ComposeDraft = {
  kind: 'stream',
  streamId: null,
  topic: '',
  recipients: [],
  content: '',
};

// The longest topic the bridge takes (src-preload/calls/names.ts); the compose
// box says so beside a longer one as it is typed.
const longestTopic = 60;

// The message being written and where it goes. Sending hands it to the outbox,
// whose answer is the local echo the feed shows at once.
export class ComposeStore {
  kind = $state<ComposeKind>('stream');
  streamId = $state<number | null>(null);
  topic = $state('');
  recipients = $state<number[]>([]);
  content = $state('');
  error = $state<string | null>(null);
  /**
   * Where the cursor is wanted: in the message, or where the recipients are
   * said (the topic, or the people). The box takes it, once, when it is shown.
   */
  focusWanted = $state<'message' | 'recipients' | null>(null);
  /** Each channel's topics_policy, by stream ID: where a message may go without a topic. */
  topicsPolicies = $state<Record<number, TopicsPolicy>>({});
  /** What main last said, and of which address. */
  #checked = $state.raw<{ target: string; check: ComposeCheck } | null>(null);
  #checks = 0;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly feed: FeedStore,
  ) {}

  /** Where the message would go; null while that is not said yet. */
  get destination(): Destination | null {
    if (this.kind === 'private') {
      return this.recipients.length > 0 ? { kind: 'private', userIds: [...this.recipients] } : null;
    }
    if (this.streamId === null) return null;
    const policy = this.topicsPolicy;
    const topic = policy === 'empty_topic_only' ? '' : this.topic.trim();
    // No conversation has such a topic: typing notices and drafts wait until it fits.
    if (topic.length > longestTopic) return null;
    return topic !== '' || policy !== 'disable_empty_topic'
      ? { kind: 'stream', streamId: this.streamId, topic }
      : null;
  }

  /** Where the message is addressed, for main to check: the channel's topic is null while none is said. */
  get target(): ComposeTarget | null {
    if (this.kind === 'private') {
      return this.recipients.length > 0 ? { kind: 'private', userIds: [...this.recipients] } : null;
    }
    if (this.streamId === null) return null;
    const to = this.destination;
    return {
      kind: 'stream',
      streamId: this.streamId,
      topic: to?.kind === 'stream' ? to.topic : null,
    };
  }

  /**
   * What main says of where the message is addressed now (would the server
   * take it there?); null until it has said, so that nothing said of
   * another address shows meanwhile.
   */
  get check(): ComposeCheck | null {
    const target = this.target;
    return target && this.#checked?.target === JSON.stringify(target) ? this.#checked.check : null;
  }

  /** Asks main what it says of `target`; a later question wins over an earlier answer. */
  async checkTarget(target: ComposeTarget | null): Promise<void> {
    const asked = ++this.#checks;
    if (!target) return;
    try {
      const check = await this.bridge.checkComposeTarget({ to: target });
      if (asked === this.#checks) this.#checked = { target: JSON.stringify(target), check };
    } catch {
      // Unchecked (offline, say): the server will say when the message goes.
    }
  }

  /** The chosen channel's topics_policy; a channel the window does not know requires a topic. */
  get topicsPolicy(): TopicsPolicy {
    return (
      (this.streamId === null ? undefined : this.topicsPolicies[this.streamId]) ??
      'disable_empty_topic'
    );
  }

  /** Targets what the user reads, as they expect a reply to go there. */
  follow(narrow: Narrow): void {
    if (narrow.kind === 'stream') {
      this.kind = 'stream';
      this.streamId = narrow.streamId;
      if (narrow.topic !== undefined) this.topic = narrow.topic;
    } else if (narrow.kind === 'private') {
      this.kind = 'private';
      this.recipients = [...narrow.userIds];
    } else if (narrow.kind === 'dms') {
      this.kind = 'private';
    }
  }

  /**
   * Zulip's c and x: a new message of that kind to where the reader is (the
   * stream and topic, or the people, of the narrow), with the cursor where
   * something is still to be said.
   */
  start(kind: ComposeKind, narrow: Narrow | null): void {
    this.kind = kind;
    if (kind === 'stream' && narrow?.kind === 'stream') {
      if (narrow.streamId !== this.streamId || narrow.topic !== undefined) {
        this.topic = narrow.topic ?? '';
      }
      this.streamId = narrow.streamId;
    } else if (kind === 'private') {
      this.recipients = narrow?.kind === 'private' ? [...narrow.userIds] : [];
    }
    this.focusWanted = this.destination === null ? 'recipients' : 'message';
  }

  /** Adds text (a quote) after what is written, on its own lines, and puts the cursor after it. */
  insert(text: string): void {
    const written = this.content.replace(/\s+$/, '');
    this.content = written === '' ? text : `${written}\n\n${text}`;
    this.focusWanted = 'message';
  }

  /**
   * Puts text (an uploaded file's link) into the message at `at`, apart from
   * the words on either side; returns where the cursor goes after it.
   */
  insertAt(text: string, at: number): number {
    const before = this.content.slice(0, at);
    const after = this.content.slice(at);
    const lead = before === '' || /\s$/.test(before) ? '' : ' ';
    const trail = after === '' || /^\s/.test(after) ? '' : ' ';
    this.content = `${before}${lead}${text}${trail}${after}`;
    return before.length + lead.length + text.length + trail.length;
  }

  addRecipient(userId: number): void {
    if (!this.recipients.includes(userId)) this.recipients = [...this.recipients, userId];
  }

  removeRecipient(userId: number): void {
    this.recipients = this.recipients.filter((id) => id !== userId);
  }

  save(): ComposeDraft {
    return {
      kind: this.kind,
      streamId: this.streamId,
      topic: this.topic,
      recipients: [...this.recipients],
      content: this.content,
    };
  }

  restore(draft: ComposeDraft): void {
    this.kind = draft.kind;
    this.streamId = draft.streamId;
    this.topic = draft.topic;
    this.recipients = [...draft.recipients];
    this.content = draft.content;
    this.error = null;
    // What was said of the last account's address says nothing of this one's.
    this.#checks += 1;
    this.#checked = null;
  }

  /**
   * A message the server refused goes back into the compose box to be
   * changed and sent again; its failed entry leaves the outbox.
   */
  async editFailed(entry: OutboxEntry): Promise<void> {
    if (!(await this.feed.discard(entry.localId))) return;
    const { to } = entry;
    this.restore(
      to.kind === 'stream'
        ? { ...emptyDraft, streamId: to.streamId, topic: to.topic, content: entry.content }
        : { ...emptyDraft, kind: 'private', recipients: to.userIds, content: entry.content },
    );
  }

  async send(): Promise<void> {
    const to = this.destination;
    const written = this.content;
    const content = written.trim();
    if (to === null || !content) return;
    // The box empties as the key is pressed, not when main answers, so what
    // the user starts typing next is not wiped by the answer.
    this.content = '';
    try {
      const echo = await this.bridge.sendMessage({ to, content });
      this.feed.addOutboxEntry(echo);
      this.error = null;
    } catch (error) {
      if (this.content === '') this.content = written;
      this.error = errorText(error);
    }
  }
}
