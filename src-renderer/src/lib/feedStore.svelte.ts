import type {
  ChatBridge,
  EventPayload,
  Message,
  Narrow,
  OlderState,
  OutboxEntry,
} from '../../../src-preload/bridge';
import { afterPaint } from './afterPaint';
import { messageInNarrow, outboxEntryInNarrow } from './narrow';
import { holdsMessage, mergeMessages } from './sortedMessages';
import { errorText } from './errors';

/**
 * Where the reader is in the feed: at its end, or the message at the top of the
 * view and how far that message's top sits from the view's top, in pixels.
 */
export type ScrollAnchor = { kind: 'end' } | { kind: 'message'; messageId: number; offset: number };

export const feedEnd: ScrollAnchor = { kind: 'end' };

// Enough for any scroll-back a reader does by hand, without fetching a whole history.
const maxPagesToAnchor = 20;
// How far below the top of the view the first unread message starts, in pixels.
const firstUnreadOffset = 40;
// A page that takes longer than this to come says so, rather than leave the last narrow up.
const loadingNoticeMs = 150;
// Messages seen within this time go to the server as one request, as Zulip's web app batches them.
const seenBatchMs = 300;

// The open narrow of the active account: its messages as the cache holds them,
// whether older ones exist, and what waits in the outbox for it.
export class FeedStore {
  narrow = $state<Narrow | null>(null);
  messages = $state.raw<Message[]>([]);
  olderState = $state<OlderState>('complete');
  /** Whether messages after the last one shown exist: `complete` once the newest is shown. */
  newerState = $state<OlderState>('complete');
  outbox = $state<OutboxEntry[]>([]);
  /** A page is on its way and none is shown meanwhile. */
  loading = $state(false);
  loadingOlder = $state(false);
  loadingNewer = $state(false);
  error = $state<string | null>(null);
  /** Counts opened pages, so that the list places its scroll afresh for each. */
  opened = $state(0);
  /**
   * Where the reader is, as the list last saw it: where a newly opened page or a
   * list shown again puts its scroll. Not reactive, as nothing renders it.
   */
  scroll: ScrollAnchor = feedEnd;
  /** The signed-in user, to tell who a private conversation is with. */
  ownUserId = 0;
  // A narrow opened while another was loading wins: answers carry the number of their request.
  #requests = 0;
  /** Unread messages the reader has seen, not yet told to the server; never rendered. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #seen = new Set<number>();
  /**
   * Told to the server, still shown unread: main may send the change a moment
   * later (see heldReads.ts), and the watcher must not tell it again meanwhile.
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #told = new Set<number>();
  #seenTimer: ReturnType<typeof setTimeout> | null = null;
  /** Marked unread by hand: what shows is not read again until another narrow opens. */
  #readingHeld = false;
  /** A page is on its way: the narrow and page shown, if any, are the last ones until it comes. */
  #pending = false;
  /** Feed changes that came while a page was loading, applied once it is shown. */
  #waiting: EventPayload<'feed'>[] = [];
  /** A message new to the page is on its way to the screen, not painted yet. */
  #drawingNewMessage = false;

  constructor(private readonly bridge: ChatBridge) {}

  /**
   * Opens the narrow; false when another was opened before its page came.
   * With `keepShown`, the page on screen stays while the next comes, which
   * from the cache is at once: the window changes in one frame, and says
   * "Loading…" only when the page keeps the reader waiting.
   */
  async open(
    narrow: Narrow,
    at: ScrollAnchor = feedEnd,
    { keepShown = false }: { keepShown?: boolean } = {},
  ): Promise<boolean> {
    const request = ++this.#requests;
    const opening = this.bridge.openNarrow({ narrow: $state.snapshot(narrow) });
    this.#readingHeld = false;
    this.#told.clear();
    this.error = null;
    this.#pending = true;
    this.#waiting = [];
    const showLoading = () => {
      this.#showEmpty(narrow);
      this.loading = true;
    };
    if (!keepShown || this.messages.length === 0) showLoading();
    const notice = setTimeout(() => {
      if (request === this.#requests && this.#pending) showLoading();
    }, loadingNoticeMs);
    try {
      let page = await opening;
      let { messages } = page;
      // Back in an account, the reader's message is found again even when they
      // had scrolled above what a fresh page holds.
      for (let pages = 0; at.kind === 'message' && pages < maxPagesToAnchor; pages++) {
        const oldest = messages[0];
        if (request !== this.#requests || page.olderState !== 'more') break;
        if (!oldest || oldest.id <= at.messageId) break;
        page = await this.bridge.loadOlder({
          narrow: $state.snapshot(narrow),
          beforeId: oldest.id,
        });
        messages = mergeMessages(page.messages, messages);
      }
      if (request !== this.#requests) return false;
      // A narrow opens at its first unread message, a little below the top, unless
      // the reader is coming back to where they were.
      this.scroll =
        at.kind === 'end' && page.firstUnreadId !== null
          ? { kind: 'message', messageId: page.firstUnreadId, offset: firstUnreadOffset }
          : at;
      this.narrow = narrow;
      this.messages = messages;
      this.olderState = page.olderState;
      this.newerState = page.newerState;
      this.outbox = page.outbox;
      this.loadingOlder = false;
      this.loadingNewer = false;
      this.opened += 1;
      // What changed while the page was on its way applies on top of it.
      this.#pending = false;
      this.loading = false;
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const change of waiting) this.applyFeed(change);
      return true;
    } catch (error) {
      if (request !== this.#requests) return false;
      this.#showEmpty(narrow);
      this.error = errorText(error);
      return true;
    } finally {
      clearTimeout(notice);
      if (request === this.#requests) {
        this.#pending = false;
        this.loading = false;
      }
    }
  }

  /** The narrow shows with nothing of the last page, while its own is on its way or failed. */
  #showEmpty(narrow: Narrow): void {
    this.narrow = narrow;
    this.messages = [];
    this.outbox = [];
    this.olderState = 'complete';
    this.newerState = 'complete';
  }

  async loadOlder(): Promise<void> {
    const oldest = this.messages[0];
    if (!oldest || this.olderState !== 'more') return;
    await this.#extend(
      'loadingOlder',
      (narrow) => this.bridge.loadOlder({ narrow, beforeId: oldest.id }),
      (page) => {
        this.messages = mergeMessages(page.messages, this.messages);
        this.olderState = page.olderState;
      },
    );
  }

  async loadNewer(): Promise<void> {
    const newest = this.messages.at(-1);
    if (!newest || this.newerState !== 'more') return;
    await this.#extend(
      'loadingNewer',
      (narrow) => this.bridge.loadNewer({ narrow, afterId: newest.id }),
      (page) => {
        this.messages = mergeMessages(this.messages, page.messages);
        this.newerState = page.newerState;
        this.outbox = page.outbox;
      },
    );
  }

  /** A page more at one end of the narrow, one at a time; a page for a narrow left meanwhile is dropped. */
  async #extend<Page>(
    loading: 'loadingOlder' | 'loadingNewer',
    fetch: (narrow: Narrow) => Promise<Page>,
    take: (page: Page) => void,
  ): Promise<void> {
    const narrow = this.narrow;
    if (!narrow || this[loading] || this.#pending) return;
    const request = this.#requests;
    this[loading] = true;
    try {
      const page = await fetch($state.snapshot(narrow));
      if (request === this.#requests) take(page);
    } catch (error) {
      if (request === this.#requests) this.error = errorText(error);
    } finally {
      if (request === this.#requests) this[loading] = false;
    }
  }

  /**
   * What the cache lacked while the server was out of reach can be fetched
   * again: the feed's ends say so, and the feed loads there as the reader nears them.
   */
  serverBack(): void {
    if (this.olderState === 'not-cached') this.olderState = 'more';
    if (this.newerState === 'not-cached') this.newerState = 'more';
  }

  /** Closes the feed while another account loads, so nothing of the last one shows. */
  clear(): void {
    this.#requests += 1;
    this.narrow = null;
    this.messages = [];
    this.outbox = [];
    this.olderState = 'complete';
    this.newerState = 'complete';
    this.error = null;
    this.loading = false;
    this.#pending = false;
    this.loadingOlder = false;
    this.loadingNewer = false;
    this.#waiting = [];
    this.scroll = feedEnd;
  }

  applyFeed(change: EventPayload<'feed'>): void {
    const narrow = this.narrow;
    if (!narrow) return;
    if (this.#pending) {
      this.#waiting.push(change);
      return;
    }
    const { upserted, deleted } = change;
    for (const message of upserted) this.#told.delete(message.id);
    const oldest = this.messages[0];
    const newest = this.messages.at(-1);
    const shown = (id: number): boolean => holdsMessage(this.messages, id);
    // A message beyond either end of what is shown would sit across a gap
    // the feed has not loaded: it shows once the reader scrolls there.
    const fits = (message: Message): boolean =>
      shown(message.id) ||
      oldest === undefined ||
      newest === undefined ||
      ((this.olderState === 'complete' || message.id > oldest.id) &&
        (this.newerState === 'complete' || message.id < newest.id));
    const incoming = upserted.filter(
      (message) => messageInNarrow(message, narrow, this.ownUserId) && fits(message),
    );
    // An event for other narrows leaves the page as it is, and does not redraw it.
    if (incoming.length === 0 && !deleted.some(shown)) return;
    if (incoming.some((message) => !shown(message.id))) this.#newMessageComing();
    const kept =
      deleted.length === 0
        ? this.messages
        : this.messages.filter((message) => !deleted.includes(message.id));
    this.messages = mergeMessages(kept, incoming);
  }

  /** Whether the frame being drawn brings a message new to the page, which other work should not hold up. */
  get drawingNewMessage(): boolean {
    return this.#drawingNewMessage;
  }

  #newMessageComing(): void {
    if (this.#drawingNewMessage) return;
    this.#drawingNewMessage = true;
    afterPaint(() => {
      this.#drawingNewMessage = false;
    });
  }

  applyOutbox({ entries }: EventPayload<'outbox'>): void {
    const narrow = this.narrow;
    this.outbox = narrow ? entries.filter((entry) => outboxEntryInNarrow(entry, narrow)) : [];
  }

  /** The local echo of a message just sent; the outbox event may have brought it first. */
  addOutboxEntry(entry: OutboxEntry): void {
    const narrow = this.narrow;
    if (!narrow || !outboxEntryInNarrow(entry, narrow)) return;
    // A message sent while reading older ones takes the reader to where it lands.
    if (this.newerState !== 'complete') {
      void this.jumpToNewest();
      return;
    }
    if (this.outbox.some((other) => other.localId === entry.localId)) return;
    this.outbox = [...this.outbox, entry];
  }

  async jumpToNewest(): Promise<void> {
    for (let pages = 0; pages < maxPagesToAnchor && this.newerState === 'more'; pages++) {
      await this.loadNewer();
    }
    this.scroll = feedEnd;
    this.opened += 1;
  }

  async retry(localId: string): Promise<void> {
    await this.attempt(() => this.bridge.retryOutbox({ localId }));
  }

  async discard(localId: string): Promise<boolean> {
    if (!(await this.attempt(() => this.bridge.discardOutbox({ localId })))) return false;
    this.outbox = this.outbox.filter((entry) => entry.localId !== localId);
    return true;
  }

  /** The reader saw this unread message: it is marked read with the others seen about now. */
  markSeen(messageId: number): void {
    if (this.#readingHeld || this.#seen.has(messageId) || this.#told.has(messageId)) return;
    this.#seen.add(messageId);
    if (this.#seenTimer === null)
      this.#seenTimer = setTimeout(() => void this.#sendSeen(), seenBatchMs);
  }

  /**
   * Messages marked unread on purpose stay so while the reader looks at them,
   * as in Zulip: seeing marks messages read again once another narrow opens.
   */
  holdReading(): void {
    this.#readingHeld = true;
    this.#seen.clear();
  }

  async #sendSeen(): Promise<void> {
    this.#seenTimer = null;
    const messageIds = [...this.#seen];
    if (messageIds.length === 0) return;
    try {
      await this.bridge.changeFlags({ messageIds, flag: 'read', op: 'add' });
      for (const id of messageIds) {
        this.#seen.delete(id);
        this.#told.add(id);
      }
    } catch {
      // Offline, or signed out: they stay unread, and are marked when seen again.
      this.#seen.clear();
    }
  }

  async toggleStar(message: Message): Promise<void> {
    const starred = (message.flags ?? []).includes('starred');
    await this.attempt(() =>
      this.bridge.changeFlags({
        messageIds: [message.id],
        flag: 'starred',
        op: starred ? 'remove' : 'add',
      }),
    );
  }

  async markAllRead(): Promise<void> {
    const narrow = this.narrow;
    if (narrow)
      await this.attempt(() => this.bridge.markNarrowRead({ narrow: $state.snapshot(narrow) }));
  }

  private async attempt(call: () => Promise<object>): Promise<boolean> {
    try {
      await call();
      this.error = null;
      return true;
    } catch (error) {
      this.error = errorText(error);
      return false;
    }
  }
}
