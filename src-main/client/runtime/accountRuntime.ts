import type { Network } from '../network/routing';
import type {
  AccountSummary,
  Connection,
  Destination,
  Draft,
  EmojiChoice,
  FeedPage,
  Message as FeedMessage,
  Inbox,
  Narrow,
  NotificationPage,
  NotificationSettings,
  OutboxEntry,
  RecentConversation,
  SearchResult,
  TypingConversation,
  Snapshot,
} from '../../../src-preload/bridge';
import type { Message } from '../../wire';
import type { Account } from '../accounts/accountStore';
import type { OwnBots } from '../bots';
import type { Cache } from '../cache/accountCache';
import type { UnreadCounts } from '../cache/unreads';
import { Emitter } from '../emitter';
import type { Outbox } from '../outbox/sendQueue';
import type { Presence } from '../presence';
import type { Session } from '../session/liveLink';
import type { Alert } from './accountAlerts';
import { cacheNarrow } from '../views/narrows';
import { recentConversations, userNames } from '../views/conversationsView';
import type { FolderGroupingPatch } from '../views/channelFolders';
import type { DisplayPatch } from '../views/displaySettings';
import { inboxOf } from '../views/inboxView';
import { emojiChoices } from '../rules/composeAids';
import type { ComposeChecks } from '../rules/composeChecks';
import type { MessageActions } from '../actions/messageActions';
import type { DraftSync } from '../actions/draftSync';
import type { AlertWords } from '../actions/alertWords';
import type { MutedUsers } from '../actions/mutedUsers';
import type { StreamActions } from '../actions/streamActions';
import type { AccountUploads } from '../actions/uploads';
import type { AccountReactions } from '../actions/reactions';
import type { AccountStatus } from '../actions/userStatuses';
import type { AccountReadReceipts } from '../actions/readReceipts';
import type { AccountWidgets } from '../actions/widgets';
import type { TopicDeletion } from '../actions/topicDeletion';
import type { ScheduledMessages } from '../actions/scheduledMessages';
import type { OrganizationActions } from '../admin/organizationSettings';
import type { PeopleAdmin } from '../admin/peopleAdmin';
import type { AccountLinkifiers } from '../admin/linkifiers';
import type { StreamAdmin } from '../admin/streamAdmin';
import type { UserGroups } from '../admin/userGroups';
import type { CustomEmoji } from '../admin/customEmoji';
import { accountActions } from './accountActions';
import { AccountLink, type LinkTuning } from './accountLink';
import { withChips } from './feedMessages';
import { searchMessages } from './messageSearch';
import { NarrowFeed } from './narrowFeed';
import { OwnSettings } from './ownSettings';
import { sessionParts } from './sessionParts';
import { sidebarSnapshot } from './sidebarSnapshot';
import { Typists } from './typists';
import { UnsentMessages } from './unsentMessages';

export interface AccountRuntimeEvents {
  /** The account's line in the switcher changed: unread count or connection. */
  summary: undefined;
  /** The sidebar changed. */
  snapshot: undefined;
  /** Messages of the open narrow arrived, changed or went. */
  feed: { upserted: Message[]; deleted: number[] };
  outbox: OutboxEntry[];
  /** What the notification policy asks of the desktop for what just arrived. */
  alerts: Alert[];
  /** Who is typing where changed. */
  typing: TypingConversation[];
  /** A draft was saved or deleted. */
  drafts: undefined;
}

export type SessionTuning = LinkTuning & {
  /** How long messages just read may wait to show it, for a message to go with (see heldReads.ts). */
  readLaterMs?: number;
};

// What Recent conversations and the sidebar's private conversations are read from.
const recentRequest = { anchor: 'newest' as const, numBefore: 400, numAfter: 0 };
const defaultReadLaterMs = 500;
// Zulip takes any number of IDs; batches keep one request's form body modest.
const flagBatch = 1000;

/**
 * One account while the app runs: its cache, and, when its key is at hand,
 * the session that keeps the cache current and the outbox that sends what
 * was written. Everything the window shows of the account is shaped here,
 * read from the cache first.
 */
export class AccountRuntime {
  readonly #events: Emitter<AccountRuntimeEvents>;
  #account: Account;
  readonly cache: Cache;
  readonly session: Session | null;
  readonly outbox: Outbox | null;
  readonly bots: OwnBots | null;
  readonly presence: Presence | null;
  readonly messages: MessageActions;
  readonly streams: StreamActions;
  readonly organization: OrganizationActions;
  readonly people: PeopleAdmin;
  readonly alertWords: AlertWords;
  readonly mutedUsers: MutedUsers;
  readonly linkifiers: AccountLinkifiers;
  readonly streamAdmin: StreamAdmin;
  readonly userGroups: UserGroups;
  readonly uploads: AccountUploads;
  readonly reactions: AccountReactions;
  readonly status: AccountStatus;
  readonly scheduled: ScheduledMessages;
  readonly readReceipts: AccountReadReceipts;
  readonly widgets: AccountWidgets;
  readonly topicDeletion: TopicDeletion;
  readonly customEmoji: CustomEmoji;
  readonly composeChecks: ComposeChecks;
  readonly draftSync: DraftSync;
  readonly #typists: Typists;
  readonly #link: AccountLink;
  readonly #feed: NarrowFeed;
  readonly #unsent: UnsentMessages;
  readonly #settings: OwnSettings;

  constructor(
    account: Account,
    cache: Cache,
    apiKey: string | null,
    tuning: SessionTuning,
    network: Network,
    log: (line: string) => void,
    /** This account is the one shown, in a window that has the focus. */
    shown: () => boolean = () => false,
    /** The person is at the computer, for the presence others see. */
    present: () => boolean = shown,
  ) {
    this.#account = account;
    this.cache = cache;
    this.#events = new Emitter((error) => log(`account listener failed: ${String(error)}`));
    const { readLaterMs = defaultReadLaterMs, ...linkTuning } = tuning;
    const link = new AccountLink(() => this.#account, cache, apiKey, linkTuning, network, log);
    this.#link = link;
    this.session = link.session;
    const api = () => link.api();
    const state = () => link.state();
    const online = () => link.online;
    const ownUserId = () => cache.ownUserId ?? this.#account.userId;
    this.#feed = new NarrowFeed({
      cache,
      fetch: (narrow, request) => link.fetch(narrow, request),
      online,
      shape: (messages) => this.#withChips(messages),
      outboxEntries: () => this.outboxEntries(),
      push: (change) => this.#events.emit('feed', change),
      readLaterMs,
    });
    this.#settings = new OwnSettings({ cache, api, state });
    const actions = accountActions({
      cache,
      api,
      liveApi: () => link.liveApi(),
      state,
      online,
      serverUrl: () => this.#account.serverUrl,
      ownUserId,
      fetchImage: link.reach.fetch,
      fetchFrom: (narrow, anchor, count) =>
        link.fetch(narrow, { anchor, numBefore: 0, numAfter: count }),
      changeFlags: (ids, flag, op) => this.changeFlags(ids, flag, op),
      reread: (narrow) => this.#reread(narrow),
      notificationSettings: () => this.notificationSettings(),
      onDraftsChange: () => this.#events.emit('drafts', undefined),
      log,
    });
    this.messages = actions.messages;
    this.streams = actions.streams;
    this.organization = actions.organization;
    this.people = actions.people;
    this.alertWords = actions.alertWords;
    this.mutedUsers = actions.mutedUsers;
    this.linkifiers = actions.linkifiers;
    this.streamAdmin = actions.streamAdmin;
    this.userGroups = actions.userGroups;
    this.uploads = actions.uploads;
    this.status = actions.status;
    this.scheduled = actions.scheduled;
    this.reactions = actions.reactions;
    this.widgets = actions.widgets;
    this.readReceipts = actions.readReceipts;
    this.topicDeletion = actions.topicDeletion;
    this.customEmoji = actions.customEmoji;
    this.composeChecks = actions.composeChecks;
    this.draftSync = actions.draftSync;
    this.#unsent = new UnsentMessages({
      cache,
      outbox: () => this.outbox,
      connected: () => this.session?.connection.state === 'connected',
      draftSync: this.draftSync,
      onOutbox: (entries) => this.#events.emit('outbox', entries),
      onDrafts: () => this.#events.emit('drafts', undefined),
    });
    this.#typists = new Typists({
      ownUserId,
      nameOf: (userId) => userNames(cache)(userId),
      onChange: () => this.#events.emit('typing', this.#typists.conversations()),
    });
    if (!this.session) {
      this.outbox = null;
      this.bots = null;
      this.presence = null;
      return;
    }
    const parts = sessionParts(this.session, {
      serverUrl: account.serverUrl,
      email: account.email,
      cache,
      log,
      ownUserId,
      state,
      shown,
      present,
      feed: this.#feed,
      typists: this.#typists,
      draftSync: this.draftSync,
      reactions: this.reactions,
      onSummary: () => this.#events.emit('summary', undefined),
      onSnapshot: () => this.#events.emit('snapshot', undefined),
      onOutbox: () => this.#events.emit('outbox', this.outboxEntries()),
      onAlerts: (alerts) => this.#events.emit('alerts', alerts),
    });
    this.bots = parts.bots;
    this.presence = parts.presence;
    this.outbox = parts.outbox;
  }

  on<E extends keyof AccountRuntimeEvents>(
    event: E,
    listener: (payload: AccountRuntimeEvents[E]) => void,
  ): () => void {
    return this.#events.on(event, listener);
  }

  start(): void {
    this.session?.start();
    this.outbox?.flush();
    this.presence?.start();
  }

  async stop(): Promise<void> {
    this.#feed.close();
    this.presence?.stop();
    this.#typists.clear();
    await this.outbox?.close();
    await this.session?.stop();
    this.cache.close();
  }

  get account(): Account {
    return this.#account;
  }

  set account(account: Account) {
    this.#account = account;
  }

  get connection(): Connection {
    return this.#link.connection;
  }

  get realmName(): string {
    return this.#link.realmName;
  }

  get realmIconUrl(): string | null {
    return this.#link.realmIconUrl;
  }

  summary(
    hosted: boolean,
    keyInMemoryOnly: boolean,
    counts: UnreadCounts = this.cache.unreadCounts(),
  ): Omit<AccountSummary, 'storage'> {
    return {
      id: this.#account.id,
      serverUrl: this.#account.serverUrl,
      email: this.#account.email,
      realmName: this.realmName,
      realmIcon: null,
      hosted,
      unreadCount: counts.total,
      connection: this.connection,
      keyInMemoryOnly,
      needsSignIn: this.session === null,
    };
  }

  badge(counts: UnreadCounts = this.cache.unreadCounts()): number {
    return this.#settings.badge(counts);
  }

  snapshot(): Snapshot {
    return sidebarSnapshot({
      account: this.#account,
      cache: this.cache,
      state: this.#link.state(),
      subscriptions: this.#activeSubscriptions(),
      realmName: this.realmName,
      connection: this.connection,
      online: this.#link.online,
      presence: this.presence,
      scheduled: this.scheduled,
    });
  }

  openNarrow(narrow: Narrow): Promise<FeedPage> {
    return this.#feed.openNarrow(narrow);
  }

  loadNewer(narrow: Narrow, afterId: number): Promise<FeedPage> {
    return this.#feed.loadNewer(narrow, afterId);
  }

  loadOlder(narrow: Narrow, beforeId: number): Promise<FeedPage> {
    return this.#feed.loadOlder(narrow, beforeId);
  }

  /** Zulip's Recent conversations, from the cache after a fresh look at the newest messages. */
  async recentConversations(fromServer: boolean): Promise<RecentConversation[]> {
    if (fromServer && this.#link.online) await this.#link.fetch({ kind: 'all' }, recentRequest);
    return recentConversations(this.cache, this.cache.unreadCounts());
  }

  /** Zulip's Inbox, from the cache. */
  inbox(): Inbox {
    return inboxOf(this.cache, this.cache.unreadCounts(), this.#link.state());
  }

  search(query: string): Promise<SearchResult> {
    return searchMessages(query, {
      api: this.#link.liveApi(),
      cache: this.cache,
      shape: (messages) => this.#withChips(messages),
    });
  }

  /** Adds or removes a flag (read, starred) on messages; the server's event then changes the cache. */
  async changeFlags(
    messageIds: readonly number[],
    flag: 'read' | 'starred',
    op: 'add' | 'remove',
  ): Promise<void> {
    const api = this.#link.api();
    for (let start = 0; start < messageIds.length; start += flagBatch) {
      await api.updateMessageFlags(messageIds.slice(start, start + flagBatch), op, flag);
    }
  }

  /** Zulip's "Mark all as read" of a view, a stream or a topic. */
  async markNarrowRead(narrow: Narrow): Promise<void> {
    const api = this.#link.api();
    if (narrow.kind === 'all') return api.markAllAsRead();
    if (narrow.kind === 'stream') {
      return narrow.topic === undefined
        ? api.markStreamAsRead(narrow.streamId)
        : api.markTopicAsRead(narrow.streamId, narrow.topic);
    }
    await this.changeFlags(this.cache.unreadIdsIn(cacheNarrow(narrow)), 'read', 'add');
  }

  send(to: Destination, content: string): OutboxEntry {
    return this.#unsent.send(to, content);
  }

  retry(localId: string): void {
    this.#unsent.retry(localId);
  }

  discard(localId: string): void {
    this.#unsent.discard(localId);
  }

  outboxEntries(): OutboxEntry[] {
    return this.#unsent.outboxEntries();
  }

  drafts(): Draft[] {
    return this.#unsent.drafts();
  }

  saveDraft(to: Destination, content: string, id?: number): void {
    this.#unsent.saveDraft(to, content, id);
  }

  deleteDraft(id: number): void {
    this.#unsent.deleteDraft(id);
  }

  /** The message as the server renders it; a preview needs the server. */
  async renderPreview(content: string): Promise<string> {
    return this.#link.api().renderMessage(content);
  }

  emojiList(): EmojiChoice[] {
    return emojiChoices(this.#link.state(), this.#account.serverUrl, this.reactions.unicodeNames());
  }

  /** Tells the conversation's people that the user started or stopped typing, unless the user said not to. */
  async setTyping(to: Destination, op: 'start' | 'stop'): Promise<void> {
    const settings = this.#link.state()?.user_settings ?? {};
    const setting =
      to.kind === 'private'
        ? settings['send_private_typing_notifications']
        : settings['send_stream_typing_notifications'];
    if (setting === false || !this.#link.online) return;
    await this.#link.api().setTyping(op, to);
  }

  notificationSettings(): NotificationSettings {
    return this.#settings.notificationSettings();
  }

  notificationPage(): NotificationPage {
    return this.#settings.notificationPage(this.#activeSubscriptions());
  }

  changeNotificationSettings(patch: {
    [K in keyof NotificationSettings]?: NotificationSettings[K] | undefined;
  }): Promise<void> {
    return this.#settings.changeNotificationSettings(patch);
  }

  changeStreamNotifications(
    streamId: number,
    property: 'desktop_notifications' | 'audible_notifications',
    value: boolean,
  ): Promise<void> {
    return this.#settings.changeStreamNotifications(streamId, property, value);
  }

  setEnterSends(enterSends: boolean): Promise<void> {
    return this.#settings.setEnterSends(enterSends);
  }

  changeDisplaySettings(patch: DisplayPatch): Promise<void> {
    return this.#settings.changeDisplaySettings(patch);
  }

  changeFolderGrouping(patch: FolderGroupingPatch): Promise<void> {
    return this.#settings.changeFolderGrouping(patch);
  }

  changeFullName(fullName: string): Promise<void> {
    return this.#settings.changeFullName(fullName);
  }

  changePassword(oldPassword: string, newPassword: string): Promise<void> {
    return this.#settings.changePassword(oldPassword, newPassword);
  }

  regenerateApiKey(): Promise<string> {
    return this.#settings.regenerateApiKey();
  }

  // Archived channels (Zulip 10) take no messages: they leave the sidebar,
  // the compose box and the notification settings; their history stays.
  #activeSubscriptions() {
    return this.cache.subscriptions().filter((subscription) => subscription.is_archived !== true);
  }

  #withChips(messages: readonly Message[]): FeedMessage[] {
    const { cache, reactions, widgets } = this;
    return withChips(messages, { cache, reactions, widgets });
  }

  async #reread(narrow: Narrow): Promise<void> {
    if (await this.#feed.reread(narrow)) this.#events.emit('snapshot', undefined);
  }
}
