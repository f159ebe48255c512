import type {
  BrowsedStream,
  ChatBridge,
  Message,
  MessageRules,
  TopicsPolicy,
  MessageVersion,
  Narrow,
  ReadReceipts,
} from '../../../src-preload/bridge';
import type { ComposeStore } from './composeStore.svelte';
import { errorText } from './errors';
import { t } from './i18n.svelte';
import type { FeedStore } from './feedStore.svelte';
import { offeredActions, quoteOf, toggledResolution, type OfferedActions } from './messageActions';
import { conversationPartners } from './narrow';

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

/** A message being edited in place. */
export interface MessageEdit {
  messageId: number;
  /** What may change: the content (the sender's own message), the topic, or both. */
  canEditContent: boolean;
  canEditTopic: boolean;
  content: string;
  originalContent: string;
  topic: string;
  originalTopic: string;
  propagateMode: PropagateMode;
  saving: boolean;
  error: string | null;
}

/** What the message menu opened over the window. */
export type MessageDialog =
  | { kind: 'delete'; message: Message }
  | { kind: 'history'; message: Message; versions: MessageVersion[] | null }
  | { kind: 'source'; message: Message; source: string | null }
  /** Who has read the message: null while the answer is awaited. */
  | { kind: 'receipts'; message: Message; receipts: ReadReceipts | null }
  /** Where the message may go: the streams the reader sees, null while they load. */
  | {
      kind: 'move';
      message: Message;
      streams: BrowsedStream[] | null;
      /** Whether the organization lets the reader take it to another stream, or only rename its topic. */
      canChangeStream: boolean;
      saving: boolean;
    };

/** Where the move dialog sends a message, and which of its topic go along. */
export interface MoveTarget {
  streamId: number;
  topic: string;
  propagateMode: PropagateMode;
}

const noRules: MessageRules = {
  editContent: false,
  editContentLimit: null,
  editTopic: false,
  editTopicLimit: null,
  moveBetweenStreams: false,
  moveBetweenStreamsLimit: null,
  resolveTopic: false,
  resolveTopicLimit: null,
  deleteAny: false,
  deleteOwn: false,
  deleteOwnLimit: null,
  editHistory: false,
  channels: {},
};

// How long "Link copied" and the like stay.
const noticeMs = 3000;

// The message menu's actions, for the feed and search results alike. Changes
// the server makes come back as feed events; only what is being edited or
// looked at is held here.
export class MessageActionsStore {
  /** The message whose menu is open. */
  menuFor = $state<number | null>(null);
  /** The message the keyboard acts on; its buttons are the feed's Tab stops. */
  selectedId = $state<number | null>(null);
  editing = $state<MessageEdit | null>(null);
  dialog = $state<MessageDialog | null>(null);
  dialogError = $state<string | null>(null);
  /** A short word that an action was done ("Link copied"). */
  notice = $state<string | null>(null);
  error = $state<string | null>(null);
  rules = $state<MessageRules>(noRules);
  /** Each channel's topics_policy, by stream ID: where a moved message may go without a topic. */
  topicsPolicies = $state<Record<number, TopicsPolicy>>({});
  ownUserId = $state(0);
  #noticeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly feed: FeedStore,
    private readonly compose: ComposeStore,
    /** Shows another narrow, as the sidebar does. */
    private readonly show: (narrow: Narrow) => void = () => undefined,
  ) {}

  // As Zulip's web app: moving a topic's messages from its own view, all of
  // them or these and the later ones, takes the view along to where they went.
  #follow(fromTopic: string, to: { streamId: number; topic: string }, mode: PropagateMode): void {
    const here = this.feed.narrow;
    if (here?.kind === 'stream' && here.topic === fromTopic && mode !== 'change_one') {
      this.show({ kind: 'stream', streamId: to.streamId, topic: to.topic });
    }
  }

  offered(message: Message): OfferedActions {
    return offeredActions(message, this.rules, this.ownUserId, Date.now());
  }

  /** Closes what belongs to the last account. */
  clear(): void {
    this.menuFor = null;
    this.selectedId = null;
    this.editing = null;
    this.dialog = null;
    this.error = null;
  }

  /** Points the compose box at the message's conversation and puts the cursor there. */
  reply(message: Message): void {
    this.compose.follow(replyNarrow(message, this.ownUserId));
    this.compose.focusWanted = 'message';
  }

  async quoteAndReply(message: Message): Promise<void> {
    try {
      const [{ source }, { url }] = await Promise.all([
        this.bridge.messageSource({ messageId: message.id }),
        this.bridge.messageLink({ messageId: message.id }),
      ]);
      this.compose.follow(replyNarrow(message, this.ownUserId));
      this.compose.insert(quoteOf(message, source, url));
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  async startEdit(message: Message): Promise<void> {
    const offered = this.offered(message);
    if (!offered.editContent && !offered.editTopic) return;
    try {
      const source = offered.editContent
        ? (await this.bridge.messageSource({ messageId: message.id })).source
        : '';
      this.editing = {
        messageId: message.id,
        canEditContent: offered.editContent,
        canEditTopic: offered.editTopic,
        content: source,
        originalContent: source,
        topic: message.subject,
        originalTopic: message.subject,
        propagateMode: 'change_later',
        saving: false,
        error: null,
      };
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  cancelEdit(): void {
    this.editing = null;
  }

  /** Sends what changed; the edit stays open with the server's reason when it is refused. */
  async saveEdit(): Promise<void> {
    const edit = this.editing;
    if (!edit || edit.saving) return;
    const content = edit.content.trim();
    const topic = edit.topic.trim();
    const contentChanged = edit.canEditContent && content !== edit.originalContent.trim();
    const topicChanged = edit.canEditTopic && topic !== edit.originalTopic;
    if (!contentChanged && !topicChanged) {
      this.editing = null;
      return;
    }
    if ((contentChanged && content === '') || (topicChanged && topic === '')) {
      edit.error = t(content === '' ? 'window.edit.emptyMessage' : 'window.edit.emptyTopic');
      return;
    }
    edit.saving = true;
    try {
      await this.bridge.editMessage({
        messageId: edit.messageId,
        ...(contentChanged ? { content } : {}),
        ...(topicChanged ? { topic, propagateMode: edit.propagateMode } : {}),
      });
      if (this.editing?.messageId === edit.messageId) this.editing = null;
      const here = this.feed.narrow;
      if (topicChanged && here?.kind === 'stream') {
        this.#follow(edit.originalTopic, { streamId: here.streamId, topic }, edit.propagateMode);
      }
    } catch (error) {
      edit.error = errorText(error);
      edit.saving = false;
    }
  }

  askDelete(message: Message): void {
    this.dialogError = null;
    this.dialog = { kind: 'delete', message };
  }

  async confirmDelete(): Promise<void> {
    const dialog = this.dialog;
    if (dialog?.kind !== 'delete') return;
    try {
      await this.bridge.deleteMessage({ messageId: dialog.message.id });
      this.dialog = null;
    } catch (error) {
      this.dialogError = errorText(error);
    }
  }

  showHistory(message: Message): Promise<void> {
    return this.#openFilled({ kind: 'history', message, versions: null }, () =>
      this.bridge.messageHistory({ messageId: message.id }),
    );
  }

  showSource(message: Message): Promise<void> {
    return this.#openFilled({ kind: 'source', message, source: null }, () =>
      this.bridge.messageSource({ messageId: message.id }),
    );
  }

  /** Zulip's "Read receipts": who has read the message, or that the organization shows none. */
  showReadReceipts(message: Message): Promise<void> {
    return this.#openFilled({ kind: 'receipts', message, receipts: null }, async () => ({
      receipts: await this.bridge.readReceipts({ messageId: message.id }),
    }));
  }

  /** Opens the dialog at once, and fills it in when the answer comes, if it is still open. */
  async #openFilled<K extends MessageDialog['kind']>(
    dialog: Extract<MessageDialog, { kind: K }>,
    load: () => Promise<Partial<Extract<MessageDialog, { kind: K }>>>,
  ): Promise<void> {
    this.dialogError = null;
    this.dialog = dialog;
    try {
      const filled = await load();
      if (this.dialog?.kind === dialog.kind && this.dialog.message.id === dialog.message.id) {
        this.dialog = { ...dialog, ...filled };
      }
    } catch (error) {
      this.dialogError = errorText(error);
    }
  }

  closeDialog(): void {
    this.dialog = null;
  }

  async askMove(message: Message): Promise<void> {
    this.dialogError = null;
    const dialog: MessageDialog = {
      kind: 'move',
      message,
      streams: null,
      canChangeStream: this.offered(message).move,
      saving: false,
    };
    this.dialog = dialog;
    try {
      const { streams } = await this.bridge.listStreams({});
      if (this.dialog?.message.id === message.id) this.dialog = { ...dialog, streams };
    } catch (error) {
      this.dialogError = errorText(error);
    }
  }

  /** Sends the move; the dialog stays open with the server's reason when it is refused. */
  async confirmMove(target: MoveTarget): Promise<void> {
    const dialog = this.dialog;
    if (dialog?.kind !== 'move' || dialog.saving) return;
    const { message } = dialog;
    const topic = target.topic.trim();
    const streamChanged = target.streamId !== message.stream_id;
    const topicChanged = topic !== message.subject;
    if (!streamChanged && !topicChanged) {
      this.dialog = null;
      return;
    }
    if (topic === '') {
      this.dialogError = t('window.edit.emptyTopic');
      return;
    }
    this.dialog = { ...dialog, saving: true };
    try {
      await this.bridge.editMessage({
        messageId: message.id,
        ...(streamChanged ? { streamId: target.streamId } : {}),
        ...(topicChanged ? { topic } : {}),
        propagateMode: target.propagateMode,
      });
      if (this.dialog?.message.id === message.id) this.dialog = null;
      this.#follow(message.subject, { streamId: target.streamId, topic }, target.propagateMode);
    } catch (error) {
      this.dialogError = errorText(error);
      if (this.dialog?.message.id === message.id) this.dialog = { ...dialog, saving: false };
    }
  }

  /** Zulip's "Mark as resolved" (and back): the whole topic takes or loses the ✔ prefix. */
  async toggleResolved(message: Message): Promise<void> {
    const topic = toggledResolution(message.subject);
    try {
      await this.bridge.editMessage({ messageId: message.id, topic, propagateMode: 'change_all' });
      this.error = null;
      if (message.stream_id !== undefined) {
        this.#follow(message.subject, { streamId: message.stream_id, topic }, 'change_all');
      }
    } catch (error) {
      this.error = errorText(error);
    }
  }

  async copyLink(message: Message): Promise<void> {
    try {
      const { url } = await this.bridge.messageLink({ messageId: message.id });
      await navigator.clipboard.writeText(url);
      this.tell(t('window.messageActions.linkCopied'));
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Marks the message and the later ones of the narrow unread, and stops reading them as seen. */
  async markUnreadFrom(message: Message, narrow: Narrow): Promise<void> {
    try {
      this.feed.holdReading();
      await this.bridge.markUnreadFrom({ narrow: $state.snapshot(narrow), messageId: message.id });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** A passing word at the foot of the window: what was done, or why nothing was. */
  tell(notice: string): void {
    this.notice = notice;
    if (this.#noticeTimer !== null) clearTimeout(this.#noticeTimer);
    this.#noticeTimer = setTimeout(() => (this.notice = null), noticeMs);
  }
}

/** Where a reply to the message goes: its topic, or its private conversation. */
function replyNarrow(message: Message, ownUserId: number): Narrow {
  return message.type === 'stream' && message.stream_id !== undefined
    ? { kind: 'stream', streamId: message.stream_id, topic: message.subject }
    : { kind: 'private', userIds: conversationPartners(message, ownUserId) };
}
