import type {
  FeedPage,
  Message as FeedMessage,
  Narrow,
  OutboxEntry,
} from '../../../src-preload/bridge';
import type { Message } from '../../wire';
import type { Cache } from '../cache/accountCache';
import type { FeedPage as CachePage } from '../cache/feed';
import type { CacheChange } from '../session/liveLink';
import { cacheNarrow, outboxInNarrow } from '../views/narrows';
import { HeldReads } from './heldReads';

/** A page of GET /messages, as the runtime asks for one. */
export interface FetchRequest {
  anchor: number | 'newest';
  numBefore: number;
  numAfter: number;
  includeAnchor?: boolean;
}

export interface NarrowFeedDeps {
  cache: Cache;
  /** Fetches a page into the cache; false when the server could not be reached. */
  fetch: (narrow: Narrow, request: FetchRequest) => Promise<boolean>;
  online: () => boolean;
  /** The messages as the window shows them (see feedMessages.ts). */
  shape: (messages: readonly Message[]) => FeedMessage[];
  outboxEntries: () => OutboxEntry[];
  /** Messages of the open narrow arrived, changed or went. */
  push: (change: { upserted: FeedMessage[]; deleted: number[] }) => void;
  /** How long messages just read may wait to show it, for a message to go with (see heldReads.ts). */
  readLaterMs: number;
}

const pageSize = 50;
const newestRequest = { anchor: 'newest' as const, numBefore: pageSize, numAfter: 0 };
// Read messages shown above the first unread one, for context, as Zulip's web app does.
const contextBeforeUnread = 10;
// How long the reader stays on a narrow before its cached page is checked with the server.
const refreshAfterMs = 250;

/**
 * The feed of the narrow the window has open: its pages read from the cache
 * and checked with, or filled from, the server; and, while it stays open,
 * the changes to its messages pushed to the window.
 */
export class NarrowFeed {
  /** The narrow the window has open on this account, to push its messages. */
  #open: Narrow | null = null;
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #heldReads: HeldReads;

  constructor(private readonly deps: NarrowFeedDeps) {
    this.#heldReads = new HeldReads(deps.readLaterMs, (ids) => this.#pushFeed(ids, []));
  }

  get open(): Narrow | null {
    return this.#open;
  }

  /** The window shows no narrow of this account any more. */
  close(): void {
    this.#open = null;
    if (this.#refreshTimer !== null) clearTimeout(this.#refreshTimer);
    this.#heldReads.take();
  }

  /**
   * The newest page of a narrow, from the cache at once when it holds it;
   * the server's fresh page then corrects it, pushed as a feed change, so
   * edits and deletions made elsewhere meanwhile show. With nothing cached
   * the window waits for the server, if it answers.
   */
  async openNarrow(narrow: Narrow): Promise<FeedPage> {
    this.#open = narrow;
    // The page read now is newer than what waits.
    this.#heldReads.take();
    const firstUnread = this.deps.cache.unreadIdsIn(cacheNarrow(narrow))[0];
    if (firstUnread !== undefined) {
      const page = await this.#pageAt(narrow, firstUnread);
      if (page) return page;
    }
    const cached = this.#newestPage(narrow);
    if (!this.deps.online()) return this.#page(narrow, cached);
    if (cached.messages.length === 0 || cached.newer !== 'newest') {
      await this.deps.fetch(narrow, newestRequest);
      return this.#page(narrow, this.#newestPage(narrow));
    }
    this.#refreshSoon(narrow, cached.messages, newestRequest, () => this.#newestPage(narrow));
    return this.#page(narrow, cached);
  }

  /**
   * The page around the narrow's first unread message, as Zulip opens a
   * narrow: a little of what was read before it, then what follows. Null
   * when neither the cache nor the server has it.
   */
  async #pageAt(narrow: Narrow, anchor: number): Promise<FeedPage | null> {
    const read = () =>
      this.deps.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor,
        before: contextBeforeUnread,
        after: pageSize,
      });
    const holds = (page: CachePage) => page.messages.some((message) => message.id === anchor);
    const request = { anchor, numBefore: contextBeforeUnread, numAfter: pageSize };
    let page = read();
    if (holds(page)) {
      if (this.deps.online()) this.#refreshSoon(narrow, page.messages, request, read);
    } else if (this.deps.online() && (await this.deps.fetch(narrow, request))) {
      page = read();
    }
    return holds(page) ? this.#page(narrow, page, anchor) : null;
  }

  /** The page after `afterId`: cached, or fetched when the cache has a gap there. */
  async loadNewer(narrow: Narrow, afterId: number): Promise<FeedPage> {
    const read = () => {
      const page = this.deps.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor: afterId,
        before: 0,
        after: pageSize,
      });
      return { ...page, messages: page.messages.filter((message) => message.id > afterId) };
    };
    let page = read();
    if (page.newer === 'not-cached' && page.messages.length < pageSize && this.deps.online()) {
      const fetched = await this.deps.fetch(narrow, {
        anchor: afterId,
        numBefore: 0,
        numAfter: pageSize,
        includeAnchor: false,
      });
      if (fetched) page = read();
    }
    return this.#page(narrow, page);
  }

  #newestPage(narrow: Narrow): CachePage {
    return this.deps.cache.messagesInNarrow(cacheNarrow(narrow), {
      anchor: 'newest',
      before: pageSize,
    });
  }

  /**
   * Refreshes the page once the reader stays on the narrow: the window draws
   * the cached page without the fetch competing with it, and flipping
   * through narrows does not fetch each one.
   */
  #refreshSoon(
    narrow: Narrow,
    shown: readonly Message[],
    request: FetchRequest,
    read: () => CachePage,
  ): void {
    if (this.#refreshTimer !== null) clearTimeout(this.#refreshTimer);
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = null;
      if (this.#open === narrow) void this.#refresh(narrow, shown, request, read);
    }, refreshAfterMs);
  }

  /**
   * Fetches afresh the page the window was given from the cache, and pushes
   * what changed meanwhile: new and edited messages as upserts, and as
   * deletions what the fresh page's span no longer holds. Nothing is pushed
   * when nothing changed, so the window does not draw the page twice.
   */
  async #refresh(
    narrow: Narrow,
    shown: readonly Message[],
    request: FetchRequest,
    read: () => CachePage,
  ): Promise<void> {
    if (!(await this.deps.fetch(narrow, request)) || this.#open !== narrow) return;
    const page = read();
    const fresh = page.messages;
    const kept = new Set(fresh.map((message) => message.id));
    const oldest = fresh[0]?.id ?? Number.MAX_SAFE_INTEGER;
    const newest =
      page.newer === 'newest'
        ? Number.MAX_SAFE_INTEGER
        : (fresh.at(-1)?.id ?? Number.MIN_SAFE_INTEGER);
    const deleted = shown
      .map((message) => message.id)
      .filter((id) => id >= oldest && id <= newest && !kept.has(id));
    const given = new Map(shown.map((message) => [message.id, JSON.stringify(message)]));
    const upserted = fresh.filter((message) => given.get(message.id) !== JSON.stringify(message));
    if (upserted.length > 0 || deleted.length > 0) {
      this.deps.push({ upserted: this.deps.shape(upserted), deleted });
    }
  }

  /** The page before `beforeId`: cached, or fetched when the cache has a gap there. */
  async loadOlder(narrow: Narrow, beforeId: number): Promise<FeedPage> {
    const read = () => {
      const page = this.deps.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor: beforeId,
        before: pageSize,
      });
      return { ...page, messages: page.messages.filter((message) => message.id < beforeId) };
    };
    let page = read();
    if (page.older === 'not-cached' && page.messages.length < pageSize && this.deps.online()) {
      const fetched = await this.deps.fetch(narrow, {
        anchor: beforeId,
        numBefore: pageSize,
        numAfter: 0,
        includeAnchor: false,
      });
      if (fetched) page = read();
    }
    return this.#page(narrow, page);
  }

  #page(narrow: Narrow, page: CachePage, firstUnreadId: number | null = null): FeedPage {
    const stateOf = (edge: CachePage['older'] | CachePage['newer']) =>
      edge === 'oldest' || edge === 'newest'
        ? 'complete'
        : edge === 'more-cached' || this.deps.online()
          ? 'more'
          : 'not-cached';
    const newerState = stateOf(page.newer);
    const me = this.deps.cache.ownUserId;
    return {
      narrow,
      messages: this.deps.shape(page.messages),
      olderState: stateOf(page.older),
      newerState,
      firstUnreadId,
      // What waits to be sent comes after the newest message, once the page reaches it.
      outbox: this.deps
        .outboxEntries()
        .filter((entry) => newerState === 'complete' && outboxInNarrow(narrow, entry, me)),
    };
  }

  /** Fetches the narrow's newest page into the cache; false when the server could not be reached. */
  fetchNewest(narrow: Narrow): Promise<boolean> {
    return this.deps.fetch(narrow, newestRequest);
  }

  /**
   * Fetches the narrow's newest page, and takes out of the window the messages the cache then forgot.
   * False when the server could not be reached.
   */
  async reread(narrow: Narrow): Promise<boolean> {
    const ids = this.#newestPage(narrow).messages.map((message) => message.id);
    if (!(await this.fetchNewest(narrow))) return false;
    const still = new Set(
      this.deps.cache.messagesAmong(cacheNarrow(narrow), ids).map((message) => message.id),
    );
    const gone = ids.filter((id) => !still.has(id));
    this.#pushFeed([], gone);
    return true;
  }

  /** What the session changed in the cache, as far as it touches the open narrow's messages. */
  receive(change: CacheChange): void {
    const shown =
      change.everyMessage && this.#open
        ? this.#newestPage(this.#open).messages.map((message) => message.id)
        : [];
    if (change.readOnly) this.#heldReads.hold(change.messageIds);
    else {
      const held = this.#heldReads.take();
      this.#pushFeed([...held, ...change.messageIds, ...shown], change.deletedIds);
    }
  }

  // Any message the events touched, however far back the window has scrolled:
  // those in the open narrow now are pushed whole, the others leave it (deleted,
  // or moved elsewhere); the window ignores what it does not show.
  #pushFeed(messageIds: readonly number[], deletedIds: readonly number[]): void {
    const narrow = this.#open;
    if (!narrow || messageIds.length + deletedIds.length === 0) return;
    const upserted = this.deps.cache.messagesAmong(cacheNarrow(narrow), messageIds);
    const kept = new Set(upserted.map((message) => message.id));
    const gone = [...deletedIds, ...messageIds.filter((id) => !kept.has(id))];
    if (upserted.length + gone.length > 0) {
      this.deps.push({ upserted: this.deps.shape(upserted), deleted: gone });
    }
  }
}
