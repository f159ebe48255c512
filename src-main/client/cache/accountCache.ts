import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import {
  deleteMessageEventSchema,
  messageEventSchema,
  mutedTopicsEventSchema,
  reactionEventSchema,
  submessageEventSchema,
  realmUserEventSchema,
  streamEventSchema,
  subscriptionAddEventSchema,
  subscriptionRemoveEventSchema,
  subscriptionUpdateEventSchema,
  updateMessageEventSchema,
  updateMessageFlagsEventSchema,
  userTopicEventSchema,
  type Message,
  type MessageEvent,
  type MessagesResponse,
  type NarrowTerm,
  type QueuedEvent,
  type Subscription,
  type User,
} from '../../wire';
import type { CacheDb } from './cacheDb';
import {
  latestPrivateConversations,
  recentConversations,
  type RecentConversation,
} from './conversations';
import {
  absentFromPage,
  messagesAmong,
  messagesInNarrow,
  unreadMessagesAfter,
  type FeedPage,
  type FeedRequest,
} from './feed';
import {
  addLiveMessages,
  changeFlags,
  deleteMessages,
  forgetAbsent,
  editMessages,
  indexPending,
  newestMessageId,
  storeMessages,
} from './messages';
import { coveringKeys, narrowKey, type Narrow } from './narrow';
import * as drafts from './drafts';
import { unreadConversations, type UnreadConversation } from './inbox';
import * as outbox from './outbox';
import { completeIntervals, forgetNewest, recordInterval, type Interval } from './ranges';
import {
  appendRegisterEvents,
  lastSync,
  loadRegisterState,
  ownUserId,
  recordSync,
  savedStateWeight,
  saveRegisterState,
  type QueuePosition,
  type SavedRegisterState,
  type SavedStateWeight,
} from './registerState';
import { applyReactionEvent, frequentReactions } from './reactions';
import { applySubmessageEvent } from './submessages';
import { loadReadReceipts, saveReadReceipts, type SavedReadReceipts } from './readReceipts';
import { searchMessages, type LocalSearch } from './search';
import { loadServerEmoji, saveServerEmoji, type SavedServerEmoji } from './serverEmoji';
import {
  addSubscriptions,
  applyStreamEvent,
  listSubscriptions,
  removeSubscriptions,
  replaceSubscriptions,
  updateSubscription,
  subscriptionOf,
} from './subscriptions';
import { forgetDeletedNewest, storeStreamTopics, topicsInStream, type StreamTopic } from './topics';
import { replaceUnreads, unreadCounts, unreadIdsIn, type UnreadCounts } from './unreads';
import { applyRealmUserEvent, listUsers, replaceUsers } from './users';
import { renameInMessages } from './senderNames';
import {
  applyUserTopicEvent,
  policiesOfMutedTopics,
  replaceUserTopics,
  topicPolicyOf,
} from './userTopics';

/** What a GET /messages request asked for, to know which IDs its answer covers. */
export interface PageRequest {
  anchor: number | 'newest' | 'oldest' | 'first_unread';
  numBefore: number;
  numAfter: number;
}

type PageAnswer = Pick<MessagesResponse, 'anchor' | 'found_oldest' | 'found_newest'> & {
  messages: readonly { id: number }[];
};

/**
 * The IDs a GET /messages answer holds every message of: from its lowest
 * message (or the narrow's start, when found_oldest) to its highest (or the
 * newest, when found_newest). With no messages asked for on one side of a
 * numeric anchor, the anchor bounds that side.
 */
export function pageInterval(request: PageRequest, answer: PageAnswer): Interval | null {
  const ids = answer.messages.map((message) => message.id);
  const anchor = Number.isSafeInteger(answer.anchor) ? answer.anchor : null;
  const lowest = ids.length > 0 ? Math.min(...ids) : anchor;
  const highest = ids.length > 0 ? Math.max(...ids) : anchor;
  const low = answer.found_oldest
    ? 0
    : request.numBefore === 0 && anchor !== null
      ? anchor
      : lowest;
  const high = !answer.found_newest && request.numAfter === 0 && anchor !== null ? anchor : highest;
  if (low === null) return null;
  return { low, high: high ?? low, reachesNewest: answer.found_newest };
}

export type LogLine = (line: string) => void;

/**
 * One account's cache: the window's truth, read first; the network fills and
 * corrects it through the writes here.
 */
export class Cache {
  readonly #db: CacheDb;
  readonly #log: LogLine;
  #ownUserId: number | null | undefined;
  /** The server's feature level, as its last registration said; read when first needed. */
  #level: number | undefined;
  #stateWeight: SavedStateWeight | undefined;
  /** Whether messages may wait for their full text, so searches skip the check when none can. */
  #textPending: boolean;

  constructor(db: CacheDb, log: LogLine) {
    this.#db = db;
    this.#log = log;
    this.#textPending = db.get('SELECT 1 FROM fts_pending_spans LIMIT 1') !== undefined;
  }

  close(): void {
    this.#db.close();
  }

  /** The statements the connection holds prepared. */
  get statementCount(): number {
    return this.#db.statementCount;
  }

  /** Asks SQLite to free what it can of this account's page cache; the allocator may keep the memory. */
  releaseMemory(): void {
    this.#db.releaseMemory();
  }

  get ownUserId(): number | null {
    this.#ownUserId ??= ownUserId(this.#db);
    return this.#ownUserId;
  }

  /**
   * A fresh /register: the state is saved with its queue position, and the
   * sidebar's tables are rebuilt from it.
   */
  storeRegister(state: InitialState, queue: QueuePosition): void {
    const db = this.#db;
    db.transaction(() => {
      this.#stateWeight = saveRegisterState(db, state, queue);
      this.#ownUserId = state.user_id ?? null;
      this.#level = featureLevelOf(state);
      if (state.subscriptions) replaceSubscriptions(db, state.subscriptions);
      if (state.realm_users) {
        replaceUsers(db, [...state.realm_users, ...(state.realm_non_active_users ?? [])]);
      }
      if (state.user_topics) replaceUserTopics(db, state.user_topics);
      else if (state.muted_topics)
        replaceUserTopics(db, policiesOfMutedTopics(db, state.muted_topics));
      if (state.unread_msgs) replaceUnreads(db, state.unread_msgs, this.ownUserId);
    });
  }

  #featureLevel(): number {
    this.#level ??= featureLevelOf(loadRegisterState(this.#db)?.state ?? {});
    return this.#level;
  }

  /** The state as the session last saved it (it saves state and position together). */
  saveRegisterState(state: InitialState, queue: QueuePosition): void {
    this.#stateWeight = saveRegisterState(this.#db, state, queue);
  }

  /**
   * Events the session applied to its state, which `state` now is, and the
   * position they bring it to. They are kept as they came until they
   * outweigh the state saved whole; then the state is saved whole again.
   * Saving it whole for every poll wrote all of it for each message (in a
   * large organization megabytes of users and subscriptions), and SQLite's
   * log reached a checkpoint, a pause of the thread that answers the
   * window, every few messages.
   */
  recordStateEvents(
    state: InitialState,
    events: readonly QueuedEvent[],
    queue: QueuePosition,
  ): void {
    const weight = (this.#stateWeight ??= savedStateWeight(this.#db));
    const kept = events.map((event) => JSON.stringify(event));
    const adding = kept.reduce((sum, event) => sum + event.length, 0);
    if (weight.events + adding > weight.state) {
      this.#stateWeight = saveRegisterState(this.#db, state, queue);
      return;
    }
    appendRegisterEvents(this.#db, kept, queue);
    weight.events += adding;
  }

  loadRegisterState(): SavedRegisterState | null {
    return loadRegisterState(this.#db);
  }

  /** The server answered now (milliseconds since the epoch). */
  recordSync(at: number): void {
    recordSync(this.#db, at);
  }

  /** When the server last answered, from this run or an earlier one. */
  lastSync(): number | null {
    return lastSync(this.#db);
  }

  storeMessages(messages: readonly Message[]): void {
    storeMessages(this.#db, messages);
  }

  /**
   * Stores a GET /messages answer and records the IDs it holds complete.
   * With `deferText` the messages' full-text entries wait for indexPending.
   * Between its first and last message (and beyond, where it reached the
   * narrow's ends) the answer is the server's whole truth: cached messages of
   * the narrow it lacks were deleted or moved away meanwhile, and go.
   */
  storePage(
    narrow: Narrow,
    request: PageRequest,
    answer: MessagesResponse,
    options: { deferText?: boolean } = {},
  ): void {
    this.#db.transaction(() => {
      const ids = answer.messages.map((message) => message.id);
      // An empty answer that reaches both ends says the narrow holds nothing now.
      const wholeNarrow = answer.found_oldest && answer.found_newest;
      // Looked for before the page is written, when its range holds only what
      // was cached: a catch-up's range above the newest message holds nothing.
      if (ids.length > 0 || wholeNarrow) {
        const low = answer.found_oldest ? 0 : Math.min(...ids);
        const high = answer.found_newest ? Number.MAX_SAFE_INTEGER : Math.max(...ids);
        const gone = absentFromPage(this.#db, narrow, low, high, new Set(ids), this.ownUserId);
        if (gone.length > 0) forgetAbsent(this.#db, narrow, gone);
      }
      storeMessages(this.#db, answer.messages, options.deferText ?? false);
      if (options.deferText && answer.messages.length > 0) this.#textPending = true;
      const interval = pageInterval(request, answer);
      if (interval) this.recordComplete(narrow, interval);
    });
  }

  /** The newest message the cache holds, where a lost queue's catching up starts. */
  newestMessageId(): number | null {
    return newestMessageId(this.#db);
  }

  recordComplete(narrow: Narrow, interval: Interval): void {
    recordInterval(this.#db, narrowKey(narrow, this.ownUserId), interval);
  }

  /** What the cache holds complete of the narrow, its own ranges and those of narrows holding it. */
  completeIntervals(narrow: Narrow): Interval[] {
    return completeIntervals(this.#db, coveringKeys(narrow, this.ownUserId));
  }

  /** The event queue was lost: no range reaches the newest message any more. */
  forgetNewest(): void {
    forgetNewest(this.#db);
  }

  /**
   * A batch of events from the queue, in one transaction. Events the cache
   * has nothing to do with are passed over; malformed ones are logged and skipped.
   */
  applyEvents(events: readonly QueuedEvent[]): void {
    // Runs of message events are stored together, so the ranges that reach
    // the newest message move once per run rather than once per message.
    let messages: MessageEvent[] = [];
    const storeMessages = () => {
      addLiveMessages(this.#db, messages);
      messages = [];
    };
    this.#db.transaction(() => {
      for (const event of events) {
        if (event.type === 'message') {
          const parsed = this.#parse(event, messageEventSchema);
          if (parsed) messages.push(parsed);
          continue;
        }
        storeMessages();
        this.#applyEvent(event);
      }
      storeMessages();
    });
  }

  #parse<T>(
    event: QueuedEvent,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  ): T | null {
    const parsed = schema.safeParse(event);
    if (parsed.success) return parsed.data;
    this.#log(`cache: skipped a malformed ${event.type} event (id ${event.id})`);
    return null;
  }

  #applyEvent(event: QueuedEvent): void {
    const db = this.#db;
    const parse = <T>(schema: {
      safeParse(value: unknown): { success: true; data: T } | { success: false };
    }): T | null => this.#parse(event, schema);
    switch (event.type) {
      case 'update_message': {
        const parsed = parse(updateMessageEventSchema);
        if (parsed) editMessages(db, parsed);
        return;
      }
      case 'delete_message': {
        const parsed = parse(deleteMessageEventSchema);
        if (!parsed) return;
        deleteMessages(db, parsed);
        const ids = 'message_ids' in parsed ? parsed.message_ids : [parsed.message_id];
        forgetDeletedNewest(db, { stream_id: parsed.stream_id, topic: parsed.topic, ids });
        return;
      }
      case 'update_message_flags': {
        const parsed = parse(updateMessageFlagsEventSchema);
        if (parsed) changeFlags(db, parsed, this.ownUserId);
        return;
      }
      case 'reaction': {
        const parsed = parse(reactionEventSchema);
        if (parsed) applyReactionEvent(db, parsed);
        return;
      }
      case 'submessage': {
        const parsed = parse(submessageEventSchema);
        if (parsed) applySubmessageEvent(db, parsed);
        return;
      }
      case 'subscription':
        return this.#applySubscriptionEvent(event);
      case 'stream': {
        const parsed = parse(streamEventSchema);
        if (parsed) applyStreamEvent(db, parsed);
        return;
      }
      case 'realm_user': {
        const parsed = parse(realmUserEventSchema);
        if (parsed) applyRealmUserEvent(db, parsed, this.#featureLevel());
        const renamed = parsed?.op === 'update' ? parsed.person.full_name : undefined;
        if (parsed && renamed !== undefined) renameInMessages(db, parsed.person.user_id, renamed);
        return;
      }
      case 'user_topic': {
        const parsed = parse(userTopicEventSchema);
        if (parsed) applyUserTopicEvent(db, parsed);
        return;
      }
      case 'muted_topics': {
        const parsed = parse(mutedTopicsEventSchema);
        if (parsed) replaceUserTopics(db, policiesOfMutedTopics(db, parsed.muted_topics));
        return;
      }
      default:
        return;
    }
  }

  #applySubscriptionEvent(event: QueuedEvent): void {
    const db = this.#db;
    if (event.op === 'add') {
      const parsed = subscriptionAddEventSchema.safeParse(event);
      if (parsed.success) addSubscriptions(db, parsed.data.subscriptions);
    } else if (event.op === 'remove') {
      const parsed = subscriptionRemoveEventSchema.safeParse(event);
      if (parsed.success)
        removeSubscriptions(
          db,
          parsed.data.subscriptions.map((s) => s.stream_id),
        );
    } else if (event.op === 'update') {
      const parsed = subscriptionUpdateEventSchema.safeParse(event);
      if (parsed.success) updateSubscription(db, parsed.data);
    }
  }

  messagesInNarrow(narrow: Narrow, request: FeedRequest): FeedPage {
    return messagesInNarrow(this.#db, narrow, request, this.ownUserId);
  }

  /** The cached messages among `ids` that belong to the narrow now, oldest first. */
  messagesAmong(narrow: Narrow, ids: readonly number[]): Message[] {
    return messagesAmong(this.#db, narrow, ids, this.ownUserId);
  }

  /** Unread messages newer than `afterId`, oldest first, at most `limit`. */
  unreadMessagesAfter(afterId: number, limit: number): Message[] {
    return unreadMessagesAfter(this.#db, afterId, limit);
  }

  /**
   * Indexes up to `limit` messages stored without their full text; true while
   * more wait. The last batch also checkpoints the log the burst left behind.
   */
  indexPending(limit: number): boolean {
    if (!this.#textPending) return false;
    this.#textPending = indexPending(this.#db, limit);
    if (!this.#textPending) this.#db.checkpoint();
    return this.#textPending;
  }

  /** Searches everything cached: messages still waiting for their full text are indexed first. */
  searchMessages(terms: readonly NarrowTerm[], limit: number): LocalSearch {
    while (this.indexPending(5_000));
    return searchMessages(this.#db, terms, limit, this.ownUserId);
  }

  /** The emoji the reader reacted with most (`type:code`), most used first. */
  frequentReactions(limit: number): string[] {
    const me = this.ownUserId;
    return me === null ? [] : frequentReactions(this.#db, me, limit);
  }

  /** The server's emoji names as last fetched, with the URL they came from. */
  serverEmoji(): SavedServerEmoji | null {
    return loadServerEmoji(this.#db);
  }

  saveServerEmoji(saved: SavedServerEmoji): void {
    saveServerEmoji(this.#db, saved);
  }

  /** The read receipts last fetched for a message, while the message is held. */
  readReceipts(messageId: number): SavedReadReceipts | null {
    return loadReadReceipts(this.#db, messageId);
  }

  saveReadReceipts(messageId: number, saved: SavedReadReceipts): void {
    saveReadReceipts(this.#db, messageId, saved);
  }

  subscriptions(): Subscription[] {
    return listSubscriptions(this.#db);
  }

  /** The subscription to a stream, or null when the user is not subscribed. */
  subscription(streamId: number): Subscription | null {
    return subscriptionOf(this.#db, streamId);
  }

  /** Zulip's visibility policy for a topic: 0 inherit, 1 muted, 2 unmuted, 3 followed. */
  topicPolicy(streamId: number, topic: string): number {
    return topicPolicyOf(this.#db, streamId, topic);
  }

  users(): User[] {
    return listUsers(this.#db);
  }

  storeStreamTopics(streamId: number, topics: readonly { name: string; max_id: number }[]): void {
    storeStreamTopics(this.#db, streamId, topics);
  }

  topicsInStream(streamId: number): StreamTopic[] {
    return topicsInStream(this.#db, streamId);
  }

  unreadCounts(): UnreadCounts {
    return unreadCounts(this.#db);
  }

  /** The latest conversations, newest first, from what is cached and what is known unread. */
  recentConversations(limit: number): RecentConversation[] {
    return recentConversations(this.#db, limit);
  }

  /**
   * The latest private conversations' keys, newest first: the sidebar's list,
   * which needs neither their writers nor their times.
   */
  latestPrivateConversations(limit: number): string[] {
    return latestPrivateConversations(this.#db, limit);
  }

  /** The narrow's unread messages, oldest first, cached or not. */
  unreadIdsIn(narrow: Narrow): number[] {
    return unreadIdsIn(this.#db, narrow, this.ownUserId);
  }

  readonly outbox = {
    add: (entry: outbox.NewOutboxEntry) => outbox.addToOutbox(this.#db, entry),
    entries: () => outbox.outboxEntries(this.#db),
    /** Entries not yet echoed by the server, in the order written. */
    unsent: () => outbox.outboxEntries(this.#db).filter((entry) => entry.state !== 'sent'),
    markSending: (localId: string, at: number) => outbox.markSending(this.#db, localId, at),
    markFailed: (localId: string, msg: string) => outbox.markFailed(this.#db, localId, msg),
    markSent: (localId: string, messageId: number) => outbox.markSent(this.#db, localId, messageId),
    requeue: (localId: string) => outbox.requeue(this.#db, localId, 'failed'),
    unsend: (localId: string) => outbox.requeue(this.#db, localId, 'sending'),
    remove: (localId: string) => outbox.removeFromOutbox(this.#db, localId),
    discard: (localId: string) => outbox.discardFromOutbox(this.#db, localId),
  };

  /** Conversations with unread messages, the newest unread first, for the Inbox. */
  unreadConversations(): UnreadConversation[] {
    return unreadConversations(this.#db);
  }

  /** The drafts the window saves and lists, and what synchronizing them with the server needs. */
  readonly drafts = drafts.draftStore(
    () => this.#db,
    () => this.ownUserId,
  );
}
