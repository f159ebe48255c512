import { reachThrough } from '../accounts/certificatePin';
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
import {
  defaultSound,
  soundPath,
  soundToPlay,
  zulipNotificationDefaults,
  type Message,
} from '../../wire';
import type { Account } from '../accounts/accountStore';
import { OwnBots } from '../bots';
import type { InitialState } from '../../wire/registerState';
import { featureLevelOf } from '../../permissions/rolePolicies';
import { isRowMuted } from '../../registerReads/topicMuting';
import type { Cache } from '../cache/accountCache';
import type { UnreadCounts } from '../cache/unreads';
import type { FeedPage as CachePage } from '../cache/feed';
import { dmKey } from '../cache/narrow';
import { Emitter } from '../emitter';
import { NetworkError } from '../api/errors';
import { Outbox } from '../outbox/sendQueue';
import { defaultPresenceTiming, Presence } from '../presence';
import { Session, type SessionOptions } from '../session/liveLink';
import { accountBadge, iconCountChoices } from '../notify/badge';
import {
  availableSoundsOf,
  followedTopicSettingsOf,
  notificationSettingsOf,
  notifySettingsOf,
} from '../notify/settings';
import { AccountAlerts, type Alert } from './accountAlerts';
import {
  cacheNarrow,
  inNarrow,
  narrowOfTerms,
  narrowTerms,
  outboxInNarrow,
} from '../views/narrows';
import { bridgeEntry, storedDestination } from '../views/outboxEntries';
import { recentConversations, sidebarDms, userNames } from '../views/conversationsView';
import { MessageActions } from '../actions/messageActions';
import { messageRulesOf } from '../rules/messageRules';
import {
  folderGroupingOf,
  folderIdOf,
  groupingFoldersOf,
  zulipFolderGroupingPatch,
  type FolderGroupingPatch,
} from '../views/channelFolders';
import { snapshotPermissions } from '../rules/snapshotPermissions';
import { composeRulesOf, emojiChoices } from '../rules/composeAids';
import { ComposeChecks } from '../rules/composeChecks';
import { channelsById, type StateChannel } from '../../registerReads/channelsById';
import { emptyTopicNameOf, topicsPolicyOf } from '../../permissions/topicsPolicy';
import { Typists } from './typists';
import { displaySettingsOf, zulipDisplayPatch, type DisplayPatch } from '../views/displaySettings';
import { drawsLargeEmoji, markedGuests } from '../rules/drawingRules';
import { roleOf } from '../rules/accountRole';
import { describeTerm, searchTerms } from '../views/searchQuery';
import { DraftSync, draftSynchronizationOf } from '../actions/draftSync';
import { draftRows } from '../views/draftsView';
import { inboxOf } from '../views/inboxView';
import { HeldReads } from './heldReads';
import { OrganizationActions } from '../admin/organizationSettings';
import { PeopleAdmin } from '../admin/peopleAdmin';
import { AlertWords } from '../actions/alertWords';
import { MutedUsers, mutedUserIds } from '../actions/mutedUsers';
import { AccountLinkifiers, linkifiersOf, playgroundsOf } from '../admin/linkifiers';
import { StreamActions } from '../actions/streamActions';
import { archivedStreams } from '../views/streamsView';
import { StreamAdmin } from '../admin/streamAdmin';
import { mentionableGroups, UserGroups } from '../admin/userGroups';
import { AccountUploads } from '../actions/uploads';
import { AccountReactions, customEmojiVersion } from '../actions/reactions';
import { AccountStatus, statusFields, statusViews } from '../actions/userStatuses';
import { AccountReadReceipts, readReceiptSettingsOf } from '../actions/readReceipts';
import { AccountWidgets } from '../actions/widgets';
import { TopicDeletion } from '../actions/topicDeletion';
import { ScheduledMessages, timezoneOf } from '../actions/scheduledMessages';
import { CustomEmoji } from '../admin/customEmoji';
import { mt } from '../../i18n/mainText';

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

export type SessionTuning = Pick<
  SessionOptions,
  'backoff' | 'pollTimeoutMs' | 'checkTimeoutMs' | 'wake' | 'fetch'
> & {
  /** How long messages just read may wait to show it, for a message to go with (see heldReads.ts). */
  readLaterMs?: number;
};

/** A page of GET /messages, as the runtime asks for one. */
interface FetchRequest {
  anchor: number | 'newest';
  numBefore: number;
  numAfter: number;
  includeAnchor?: boolean;
}

const pageSize = 50;
const newestRequest = { anchor: 'newest' as const, numBefore: pageSize, numAfter: 0 };
// What Recent conversations and the sidebar's private conversations are read from.
const recentRequest = { anchor: 'newest' as const, numBefore: 400, numAfter: 0 };
// Read messages shown above the first unread one, for context, as Zulip's web app does.
const contextBeforeUnread = 10;
const searchLimit = 50;
// How long the reader stays on a narrow before its cached page is checked with the server.
const refreshAfterMs = 250;
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
  readonly #log: (line: string) => void;
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
  /** A signed-out account's register state, read once from the cache. */
  #savedState: InitialState | null | undefined;
  /** The narrow the window has open on this account, to push its messages. */
  #open: Narrow | null = null;
  #refreshTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #heldReads: HeldReads;

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
    this.#log = log;
    this.#events = new Emitter((error) => log(`account listener failed: ${String(error)}`));
    const { readLaterMs = defaultReadLaterMs, ...sessionTuning } = tuning;
    // A test's own fetch stands in for the network, but never for a pinned certificate's check.
    const reach =
      sessionTuning.fetch && !account.certificate
        ? { fetch: sessionTuning.fetch }
        : reachThrough(network, account.serverUrl, account.certificate);
    this.#heldReads = new HeldReads(readLaterMs, (ids) => this.#pushFeed(ids, []));
    this.messages = new MessageActions({
      cache,
      api: () => this.#requireSession().api,
      serverUrl: account.serverUrl,
      fetchFrom: (narrow, anchor, count) =>
        this.#fetch(narrow, { anchor, numBefore: 0, numAfter: count }),
      changeFlags: (ids, flag, op) => this.changeFlags(ids, flag, op),
    });
    this.streams = new StreamActions({
      cache,
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      notificationSettings: () => this.notificationSettings(),
    });
    this.organization = new OrganizationActions({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
    });
    this.people = new PeopleAdmin({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
    });
    this.alertWords = new AlertWords({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
    });
    this.mutedUsers = new MutedUsers({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      people: () => cache.users(),
    });
    this.linkifiers = new AccountLinkifiers(() => this.#requireSession().api);
    this.streamAdmin = new StreamAdmin({
      cache,
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
    });
    this.userGroups = new UserGroups({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
    });
    this.uploads = new AccountUploads({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      serverUrl: () => this.#account.serverUrl,
    });
    this.status = new AccountStatus({
      api: () => this.#requireSession().api,
      online: () => this.#online,
    });
    this.scheduled = new ScheduledMessages({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      people: () => cache.users(),
      streamName: (streamId) => {
        const state = this.#registerState();
        const name = state ? channelsById(state).get(streamId)?.['name'] : undefined;
        return typeof name === 'string' ? name : null;
      },
      ownUserId: () => cache.ownUserId ?? this.#account.userId,
      online: () => this.#online,
      now: () => Math.floor(Date.now() / 1000),
    });
    this.reactions = new AccountReactions({
      cache,
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      online: () => this.#online,
      serverUrl: () => this.#account.serverUrl,
      fetchImage: reach.fetch,
      log,
    });
    this.widgets = new AccountWidgets({
      cache,
      api: () => this.#requireSession().api,
      online: () => this.#online,
    });
    this.readReceipts = new AccountReadReceipts({
      cache,
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      online: () => this.#online,
    });
    this.topicDeletion = new TopicDeletion({
      cache,
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      online: () => this.#online,
      reread: (narrow) => this.#reread(narrow),
    });
    this.customEmoji = new CustomEmoji({
      api: () => this.#requireSession().api,
      state: () => this.#registerState(),
      serverUrl: () => this.#account.serverUrl,
      emojiImage: (url) => this.reactions.emojiImage(url),
    });
    this.composeChecks = new ComposeChecks({
      state: () => this.#registerState(),
      cache,
      api: () => (this.#online && this.session ? this.session.api : null),
    });
    this.draftSync = new DraftSync({
      drafts: cache.drafts,
      api: () => (this.#online && this.session ? this.session.api : null),
      state: () => this.#registerState(),
      onChange: () => this.#events.emit('drafts', undefined),
      log,
    });
    this.#typists = new Typists({
      ownUserId: () => cache.ownUserId ?? this.#account.userId,
      nameOf: (userId) => userNames(cache)(userId),
      onChange: () => this.#events.emit('typing', this.#typists.conversations()),
    });
    if (apiKey === null) {
      this.session = null;
      this.outbox = null;
      this.bots = null;
      this.presence = null;
      return;
    }
    const session = new Session({
      serverUrl: account.serverUrl,
      email: account.email,
      apiKey,
      cache,
      log,
      ...sessionTuning,
      ...reach,
    });
    this.session = session;
    this.bots = new OwnBots(session.api, account.serverUrl, () => this.#registerState());
    this.presence = new Presence({
      api: session.api,
      active: present,
      timing: () => this.#presenceTiming(),
      onChange: () => this.#events.emit('snapshot', undefined),
      log,
    });
    const alerts = new AccountAlerts({
      cache,
      ownUserId: () => cache.ownUserId ?? this.#account.userId,
      settings: () => notifySettingsOf(this.#registerState()),
      onScreen: (message) =>
        shown() &&
        this.#open !== null &&
        inNarrow(this.#open, message, cache.ownUserId ?? this.#account.userId),
      emptyTopicName: () => emptyTopicNameOf(this.#registerState()),
      mutedUserIds: () => mutedUserIds(this.#registerState()),
    });
    session.on('arrivals', (arrivals) => this.#alert(alerts.fromArrivals(arrivals)));
    session.on('caughtUp', ({ afterId }) => this.#alert(alerts.afterCatchUp(afterId)));
    session.on('typing', (event) => this.#typists.receive(event));
    const outbox = new Outbox(
      cache,
      {
        api: session.api,
        email: account.email,
        get queueId() {
          return session.queueId;
        },
        get online() {
          return session.connection.state === 'connected';
        },
      },
      log,
    );
    this.outbox = outbox;
    outbox.on('change', () => this.#events.emit('outbox', this.outboxEntries()));
    let dmsFetched = false;
    session.on('connection', (connection) => {
      this.#events.emit('summary', undefined);
      this.#events.emit('snapshot', undefined);
      if (connection.state === 'connected') {
        outbox.flush();
        void this.draftSync.sync();
        void this.reactions.refreshServerNames();
      } else this.#typists.clear();
      if (connection.state === 'connected' && !dmsFetched) {
        dmsFetched = true;
        void this.#fetchDms();
      }
      // The outbox's "sending" and "waiting" follow the link.
      this.#events.emit('outbox', this.outboxEntries());
    });
    session.on('change', (change) => {
      if (change.localIds.length > 0 || change.messageIds.length > 0) {
        outbox.delivered(change.localIds, change.messageIds);
      }
      const shown =
        change.everyMessage && this.#open
          ? this.#newestPage(this.#open).messages.map((message) => message.id)
          : [];
      // The messages first: they are what the reader waits for, the counts can follow.
      if (change.readOnly) this.#heldReads.hold(change.messageIds);
      else {
        const held = this.#heldReads.take();
        this.#pushFeed([...held, ...change.messageIds, ...shown], change.deletedIds);
      }
      if (change.sidebar) {
        // Drafts and the settings that govern their synchronization ride here.
        void this.draftSync.sync();
        this.#events.emit('snapshot', undefined);
        this.#events.emit('summary', undefined);
      }
    });
  }

  /** The sidebar lists the latest private conversations, even those the window never opened. */
  async #fetchDms(): Promise<void> {
    if (await this.#fetch({ kind: 'dms' }, newestRequest)) this.#events.emit('snapshot', undefined);
  }

  #alert(alerts: Alert[]): void {
    if (alerts.length > 0) this.#events.emit('alerts', alerts);
  }

  /** The notification and badge settings, as the server last said; Zulip's defaults before it has. */
  notificationSettings(): NotificationSettings {
    const state = this.#registerState();
    return state ? notificationSettingsOf(state) : zulipNotificationDefaults;
  }

  /** The notification settings page: the global settings, the sounds, each stream's own. */
  // Archived channels (Zulip 10) take no messages: they leave the sidebar,
  // the compose box and the notification settings; their history stays.
  #activeSubscriptions() {
    return this.cache.subscriptions().filter((subscription) => subscription.is_archived !== true);
  }

  notificationPage(): NotificationPage {
    const state = this.#registerState();
    return {
      settings: { ...this.notificationSettings(), ...followedTopicSettingsOf(state) },
      badgeChoices: [...iconCountChoices(featureLevelOf(state ?? {}))],
      sounds: (state ? availableSoundsOf(state) : []).map((name) => ({
        name,
        path: soundPath(soundToPlay(name) ?? defaultSound),
      })),
      streams: this.#activeSubscriptions()
        .map((subscription) => ({
          streamId: subscription.stream_id,
          name: subscription.name,
          color: subscription.color,
          muted: subscription.is_muted,
          desktop: subscription.desktop_notifications ?? null,
          audible: subscription.audible_notifications ?? null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  async changeNotificationSettings(patch: {
    [K in keyof NotificationSettings]?: NotificationSettings[K] | undefined;
  }): Promise<void> {
    await this.#requireSession().api.updateSettings(patch);
  }

  async changeStreamNotifications(
    streamId: number,
    property: 'desktop_notifications' | 'audible_notifications',
    value: boolean,
  ): Promise<void> {
    if (!this.cache.subscription(streamId)) {
      throw new Error(mt('main.channels.notSubscribedTo', { id: String(streamId) }));
    }
    await this.#requireSession().api.setSubscriptionProperty(streamId, property, value);
  }

  /** Adds or removes a flag (read, starred) on messages; the server's event then changes the cache. */
  async changeFlags(
    messageIds: readonly number[],
    flag: 'read' | 'starred',
    op: 'add' | 'remove',
  ): Promise<void> {
    const api = this.#requireSession().api;
    for (let start = 0; start < messageIds.length; start += flagBatch) {
      await api.updateMessageFlags(messageIds.slice(start, start + flagBatch), op, flag);
    }
  }

  /** Zulip's "Mark all as read" of a view, a stream or a topic. */
  async markNarrowRead(narrow: Narrow): Promise<void> {
    const api = this.#requireSession().api;
    if (narrow.kind === 'all') return api.markAllAsRead();
    if (narrow.kind === 'stream') {
      return narrow.topic === undefined
        ? api.markStreamAsRead(narrow.streamId)
        : api.markTopicAsRead(narrow.streamId, narrow.topic);
    }
    await this.changeFlags(this.cache.unreadIdsIn(cacheNarrow(narrow)), 'read', 'add');
  }

  /** The message as the server renders it; a preview needs the server. */
  async renderPreview(content: string): Promise<string> {
    return this.#requireSession().api.renderMessage(content);
  }

  emojiList(): EmojiChoice[] {
    return emojiChoices(
      this.#registerState(),
      this.#account.serverUrl,
      this.reactions.unicodeNames(),
    );
  }

  /** Tells the conversation's people that the user started or stopped typing, unless the user said not to. */
  async setTyping(to: Destination, op: 'start' | 'stop'): Promise<void> {
    const settings = this.#registerState()?.user_settings ?? {};
    const setting =
      to.kind === 'private'
        ? settings['send_private_typing_notifications']
        : settings['send_stream_typing_notifications'];
    if (setting === false || !this.#online) return;
    await this.#requireSession().api.setTyping(op, to);
  }

  async setEnterSends(enterSends: boolean): Promise<void> {
    await this.#requireSession().api.updateSettings({ enter_sends: enterSends });
  }

  async changeDisplaySettings(patch: DisplayPatch): Promise<void> {
    const featureLevel = featureLevelOf(this.#registerState() ?? {});
    await this.#requireSession().api.updateSettings(zulipDisplayPatch(patch, featureLevel));
  }

  async changeFolderGrouping(patch: FolderGroupingPatch): Promise<void> {
    await this.#requireSession().api.updateSettings(zulipFolderGroupingPatch(patch));
  }

  async changeFullName(fullName: string): Promise<void> {
    await this.#requireSession().api.updateSettings({ full_name: fullName });
  }

  /** Zulip's password change: the old password, then the new one; the key stays. */
  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.#requireSession().api.updateSettings({
      old_password: oldPassword,
      new_password: newPassword,
    });
  }

  /** A new API key from the server; the old one stops working at once. */
  async regenerateApiKey(): Promise<string> {
    return this.#requireSession().api.regenerateOwnApiKey();
  }

  #requireSession(): Session {
    if (!this.session) throw new Error(mt('main.signInAgain.changes'));
    return this.session;
  }

  #presenceTiming(): { pingIntervalSeconds: number; offlineThresholdSeconds: number } {
    const state = this.#registerState();
    const seconds = (key: string, fallback: number): number => {
      const value = state?.[key];
      return typeof value === 'number' && value > 0 ? value : fallback;
    };
    return {
      pingIntervalSeconds: seconds(
        'server_presence_ping_interval_seconds',
        defaultPresenceTiming.pingIntervalSeconds,
      ),
      offlineThresholdSeconds: seconds(
        'server_presence_offline_threshold_seconds',
        defaultPresenceTiming.offlineThresholdSeconds,
      ),
    };
  }

  /** The organization's icon as its server last said, absolute; null when it never said. */
  get realmIconUrl(): string | null {
    const url = this.#registerState()?.['realm_icon_url'];
    if (typeof url !== 'string' || url === '') return null;
    try {
      return new URL(url, this.#account.serverUrl).href;
    } catch {
      return null;
    }
  }

  /** The organization's name: the one an administrator gave it since the account was added. */
  get realmName(): string {
    const name = this.#registerState()?.['realm_name'];
    return typeof name === 'string' && name !== '' ? name : this.#account.realmName;
  }

  #registerState(): InitialState | null {
    if (this.session) return this.session.state;
    // Signed out, it is what the cache saved last, which nothing changes now.
    if (this.#savedState === undefined) {
      this.#savedState = this.cache.loadRegisterState()?.state ?? null;
    }
    return this.#savedState;
  }

  /** This account's share of the badge, by its desktop_icon_count_display. */
  badge(counts: UnreadCounts = this.cache.unreadCounts()): number {
    return accountBadge({
      total: counts.total,
      dmsAndMentions: counts.dmsAndMentions,
      dmsMentionsAndFollowed: counts.dmsMentionsAndFollowed,
      display: this.notificationSettings().desktop_icon_count_display,
      featureLevel: featureLevelOf(this.#registerState() ?? {}),
    });
  }

  get account(): Account {
    return this.#account;
  }

  set account(account: Account) {
    this.#account = account;
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
    this.#open = null;
    if (this.#refreshTimer !== null) clearTimeout(this.#refreshTimer);
    this.#heldReads.take();
    this.presence?.stop();
    this.#typists.clear();
    await this.outbox?.close();
    await this.session?.stop();
    this.cache.close();
  }

  /** A signed-out account is offline, with its history as old as its last sync. */
  get connection(): Connection {
    return (
      this.session?.connection ?? {
        state: 'offline',
        offlineSince: null,
        lastSyncAt: this.cache.lastSync(),
        caughtUp: null,
        warning: null,
        problem: null,
      }
    );
  }

  get #online(): boolean {
    const state = this.session?.connection.state;
    return state !== undefined && state !== 'offline';
  }

  summary(
    hosted: boolean,
    keyInMemoryOnly: boolean,
    counts: UnreadCounts = this.cache.unreadCounts(),
  ): AccountSummary {
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

  snapshot(): Snapshot {
    const counts = this.cache.unreadCounts();
    const me = this.cache.ownUserId ?? this.#account.userId;
    const topicUnread = new Map(
      counts.topics.map((topic) => [`${topic.streamId}:${topic.topic.toLowerCase()}`, topic]),
    );
    const state = this.#registerState();
    const channels = state ? channelsById(state) : new Map<number, StateChannel>();
    const streams = this.#activeSubscriptions()
      .map((subscription) => ({
        streamId: subscription.stream_id,
        name: subscription.name,
        color: subscription.color,
        muted: subscription.is_muted,
        pinned: subscription.pin_to_top,
        unread: counts.streams.get(subscription.stream_id) ?? 0,
        topics: this.cache.topicsInStream(subscription.stream_id).map((topic) => {
          const unread = topicUnread.get(`${subscription.stream_id}:${topic.name.toLowerCase()}`);
          // Topics without unread messages are not counted, so their muting is read from their policy.
          const muted =
            unread?.muted ??
            isRowMuted(
              subscription.is_muted,
              this.cache.topicPolicy(subscription.stream_id, topic.name),
            );
          return { name: topic.name, unread: unread?.count ?? 0, muted };
        }),
        topicsPolicy: topicsPolicyOf(state, channels.get(subscription.stream_id)),
        folderId: folderIdOf(state, channels.get(subscription.stream_id)),
      }))
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.name.localeCompare(b.name));
    const users = this.cache.users();
    const self = users.find((user) => user.user_id === me);
    const guests = markedGuests(state);
    const muted = mutedUserIds(state);
    const statuses = statusViews(state, this.#account.serverUrl, me);
    return {
      accountId: this.#account.id,
      user: {
        userId: me,
        email: self?.email ?? this.#account.email,
        fullName: self?.full_name ?? this.#account.email,
        ...statusFields(statuses, me),
      },
      realmName: this.realmName,
      streams,
      users: users
        .filter((user) => user.is_active && user.user_id !== me)
        .map((user) => ({
          userId: user.user_id,
          fullName: user.full_name,
          email: user.email,
          isBot: user.is_bot,
          guest: guests.has(user.user_id),
          muted: muted.includes(user.user_id),
          unread: counts.dms.get(dmKey([me, user.user_id])) ?? 0,
          presence: this.#online ? (this.presence?.statusOf(user.user_id) ?? 'offline') : 'offline',
          ...statusFields(statuses, user.user_id),
        }))
        .sort((a, b) => a.fullName.localeCompare(b.fullName)),
      folders: groupingFoldersOf(state, 'sidebar'),
      folderGrouping: folderGroupingOf(state),
      archivedChannels: (archivedStreams(state) ?? []).map(({ streamId, name }) => ({
        streamId,
        name,
      })),
      dms: sidebarDms(this.cache, counts),
      unread: {
        mentions: counts.mentions,
        dms: [...counts.dms.values()].reduce((sum, count) => sum + count, 0),
      },
      connection: this.connection,
      lastNarrow: this.#account.lastNarrow ? narrowOfTerms(this.#account.lastNarrow) : null,
      messageRules: messageRulesOf(state),
      may: snapshotPermissions(state),
      compose: composeRulesOf(state),
      display: displaySettingsOf(state),
      guests: [...guests].sort((a, b) => a - b),
      largeEmoji: drawsLargeEmoji(state),
      role: roleOf(state),
      groups: mentionableGroups(state),
      customEmojiVersion: customEmojiVersion(state, this.#account.serverUrl),
      readReceipts: readReceiptSettingsOf(state),
      mutedUsers: muted,
      linkifiers: linkifiersOf(state),
      playgrounds: playgroundsOf(state),
      syncDrafts: draftSynchronizationOf(state),
      scheduledMessages: this.scheduled.list(),
      timezone: timezoneOf(state),
    };
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
    const firstUnread = this.cache.unreadIdsIn(cacheNarrow(narrow))[0];
    if (firstUnread !== undefined) {
      const page = await this.#pageAt(narrow, firstUnread);
      if (page) return page;
    }
    const cached = this.#newestPage(narrow);
    if (!this.#online) return this.#page(narrow, cached);
    if (cached.messages.length === 0 || cached.newer !== 'newest') {
      await this.#fetch(narrow, newestRequest);
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
      this.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor,
        before: contextBeforeUnread,
        after: pageSize,
      });
    const holds = (page: CachePage) => page.messages.some((message) => message.id === anchor);
    const request = { anchor, numBefore: contextBeforeUnread, numAfter: pageSize };
    let page = read();
    if (holds(page)) {
      if (this.#online) this.#refreshSoon(narrow, page.messages, request, read);
    } else if (this.#online && (await this.#fetch(narrow, request))) {
      page = read();
    }
    return holds(page) ? this.#page(narrow, page, anchor) : null;
  }

  /** The page after `afterId`: cached, or fetched when the cache has a gap there. */
  async loadNewer(narrow: Narrow, afterId: number): Promise<FeedPage> {
    const read = () => {
      const page = this.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor: afterId,
        before: 0,
        after: pageSize,
      });
      return { ...page, messages: page.messages.filter((message) => message.id > afterId) };
    };
    let page = read();
    if (page.newer === 'not-cached' && page.messages.length < pageSize && this.#online) {
      const fetched = await this.#fetch(narrow, {
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
    return this.cache.messagesInNarrow(cacheNarrow(narrow), { anchor: 'newest', before: pageSize });
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
    if (!(await this.#fetch(narrow, request)) || this.#open !== narrow) return;
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
      this.#events.emit('feed', { upserted: this.#withChips(upserted), deleted });
    }
  }

  /** The page before `beforeId`: cached, or fetched when the cache has a gap there. */
  async loadOlder(narrow: Narrow, beforeId: number): Promise<FeedPage> {
    const read = () => {
      const page = this.cache.messagesInNarrow(cacheNarrow(narrow), {
        anchor: beforeId,
        before: pageSize,
      });
      return { ...page, messages: page.messages.filter((message) => message.id < beforeId) };
    };
    let page = read();
    if (page.older === 'not-cached' && page.messages.length < pageSize && this.#online) {
      const fetched = await this.#fetch(narrow, {
        anchor: beforeId,
        numBefore: pageSize,
        numAfter: 0,
        includeAnchor: false,
      });
      if (fetched) page = read();
    }
    return this.#page(narrow, page);
  }

  /** Zulip's Recent conversations, from the cache after a fresh look at the newest messages. */
  async recentConversations(fromServer: boolean): Promise<RecentConversation[]> {
    if (fromServer && this.#online) await this.#fetch({ kind: 'all' }, recentRequest);
    return recentConversations(this.cache, this.cache.unreadCounts());
  }

  async search(query: string): Promise<SearchResult> {
    const terms = searchTerms(query);
    if (this.session && this.#online) {
      try {
        const answer = await this.session.api.searchMessages({
          anchor: 'newest',
          numBefore: searchLimit,
          numAfter: 0,
          narrow: terms,
        });
        this.cache.storeMessages(answer.messages);
        return {
          messages: this.#withChips(answer.messages),
          unsupported: [],
          fromCache: false,
          matches: answer.matches,
        };
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    const local = this.cache.searchMessages(terms, searchLimit);
    return {
      messages: this.#withChips(local.messages),
      unsupported: local.unapplied.map(describeTerm),
      fromCache: true,
      matches: [],
    };
  }

  send(to: Destination, content: string): OutboxEntry {
    const stored = this.#requireOutbox().add(storedDestination(this.cache, to), content);
    // The outbox holds the message now, so its draft has done its job.
    if (this.cache.drafts.discard(to)) this.#draftsChanged();
    return bridgeEntry(this.cache, stored, this.session?.connection.state === 'connected');
  }

  retry(localId: string): void {
    this.#requireOutbox().retry(localId);
  }

  discard(localId: string): void {
    if (this.outbox) this.outbox.discard(localId);
    // Signed out, a message that waits can still be given up on.
    else if (this.cache.outbox.discard(localId)) {
      this.#events.emit('outbox', this.outboxEntries());
    }
  }

  outboxEntries(): OutboxEntry[] {
    // Read from the cache, so that what waits shows even while the account
    // has no key to send it with.
    const online = this.session?.connection.state === 'connected';
    return this.cache.outbox.unsent().map((entry) => bridgeEntry(this.cache, entry, online));
  }

  /** Zulip's Inbox, from the cache. */
  inbox(): Inbox {
    return inboxOf(this.cache, this.cache.unreadCounts(), this.#registerState());
  }

  drafts(): Draft[] {
    return draftRows(this.cache);
  }

  /**
   * Keeps what is written to `to` as a draft, in the cache (the draft `id`
   * names, when the window opened one); blank text deletes it.
   */
  saveDraft(to: Destination, content: string, id?: number): void {
    if (content.trim() !== '') this.cache.drafts.save(to, content, Date.now(), id);
    else if (
      !(id !== undefined && this.cache.drafts.remove(id)) &&
      !this.cache.drafts.discard(to)
    ) {
      return;
    }
    this.#draftsChanged();
  }

  // The window hears of it at once; the server, when the link is up.
  #draftsChanged(): void {
    this.#events.emit('drafts', undefined);
    void this.draftSync.sync();
  }

  deleteDraft(id: number): void {
    if (this.cache.drafts.remove(id)) this.#draftsChanged();
  }

  /** The messages with their reactions shaped into chips and their widgets drawn, as the window shows them. */
  #withChips(messages: readonly Message[]): FeedMessage[] {
    const hasExtras = (message: Message) =>
      message.reactions.length > 0 || message.submessages.length > 0;
    if (!messages.some(hasExtras)) return [...messages];
    const nameOf = userNames(this.cache);
    const chipsOf = this.reactions.chipShaper(nameOf);
    const widgetOf = this.widgets.viewShaper(nameOf);
    return messages.map((message) => {
      if (!hasExtras(message)) return message;
      const widget = message.submessages.length > 0 ? widgetOf(message) : null;
      return {
        ...message,
        ...(message.reactions.length > 0 ? { reactionChips: chipsOf(message) } : {}),
        ...(widget ? { widget } : {}),
      };
    });
  }

  #requireOutbox(): Outbox {
    if (!this.outbox) throw new Error(mt('main.signInAgain.send'));
    return this.outbox;
  }

  #page(narrow: Narrow, page: CachePage, firstUnreadId: number | null = null): FeedPage {
    const stateOf = (edge: CachePage['older'] | CachePage['newer']) =>
      edge === 'oldest' || edge === 'newest'
        ? 'complete'
        : edge === 'more-cached' || this.#online
          ? 'more'
          : 'not-cached';
    const newerState = stateOf(page.newer);
    const me = this.cache.ownUserId;
    return {
      narrow,
      messages: this.#withChips(page.messages),
      olderState: stateOf(page.older),
      newerState,
      firstUnreadId,
      // What waits to be sent comes after the newest message, once the page reaches it.
      outbox: this.outboxEntries().filter(
        (entry) => newerState === 'complete' && outboxInNarrow(narrow, entry, me),
      ),
    };
  }

  /** Fetches a page into the cache; false when the server could not be reached. */
  async #fetch(narrow: Narrow, request: FetchRequest): Promise<boolean> {
    const session = this.session;
    if (!session) return false;
    try {
      const answer = await session.api.getMessages({ ...request, narrow: narrowTerms(narrow) });
      this.cache.storePage(cacheNarrow(narrow), request, answer);
      return true;
    } catch (error) {
      if (error instanceof NetworkError) return false;
      this.#log(`could not fetch ${JSON.stringify(narrow)}: ${String(error)}`);
      return false;
    }
  }

  /** Fetches the narrow's newest page, and takes out of the window the messages the cache then forgot. */
  async #reread(narrow: Narrow): Promise<void> {
    const ids = this.#newestPage(narrow).messages.map((message) => message.id);
    if (!(await this.#fetch(narrow, newestRequest))) return;
    const still = new Set(
      this.cache.messagesAmong(cacheNarrow(narrow), ids).map((message) => message.id),
    );
    const gone = ids.filter((id) => !still.has(id));
    this.#pushFeed([], gone);
    this.#events.emit('snapshot', undefined);
  }

  // Any message the events touched, however far back the window has scrolled:
  // those in the open narrow now are pushed whole, the others leave it (deleted,
  // or moved elsewhere); the window ignores what it does not show.
  #pushFeed(messageIds: readonly number[], deletedIds: readonly number[]): void {
    const narrow = this.#open;
    if (!narrow || messageIds.length + deletedIds.length === 0) return;
    const upserted = this.cache.messagesAmong(cacheNarrow(narrow), messageIds);
    const kept = new Set(upserted.map((message) => message.id));
    const gone = [...deletedIds, ...messageIds.filter((id) => !kept.has(id))];
    if (upserted.length + gone.length > 0) {
      this.#events.emit('feed', { upserted: this.#withChips(upserted), deleted: gone });
    }
  }
}
