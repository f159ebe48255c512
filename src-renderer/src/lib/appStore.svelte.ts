import { setEmptyTopicName } from './topicLabel.svelte';
import type {
  AccountSummary,
  AppState,
  ChatBridge,
  Connection,
  Narrow,
  Snapshot,
} from '../../../src-preload/bridge';
import { AlertWordsStore } from './alertWordsStore.svelte';
import { MutedUsersStore } from './mutedUsersStore.svelte';
import { LinkifiersStore } from './linkifiersStore.svelte';
import { BotsStore } from './botsStore.svelte';
import { CertificateReviewStore } from './certificateReviewStore.svelte';
import { ComposeAidsStore } from './composeAidsStore.svelte';
import {
  ComposeStore,
  emptyDraft,
  type ComposeDraft,
  type ComposeKind,
} from './composeStore.svelte';
import { afterPaint } from './afterPaint';
import { DesktopStore } from './desktopStore.svelte';
import { DraftsStore } from './draftsStore.svelte';
import { errorText } from './errors';
import { FeedStore, feedEnd, type ScrollAnchor } from './feedStore.svelte';
import { InboxStore } from './inboxStore.svelte';
import { MessageActionsStore } from './messageActionsStore.svelte';
import { NetworkStore } from './networkStore.svelte';
import { nextUnreadTopic } from './nextUnreadTopic';
import type { MessageView } from './messageView';
import { SeenWatcher } from './seenWatcher';
import { NotificationSettingsStore } from './notificationSettingsStore.svelte';
import { OrganizationStore } from './organizationStore.svelte';
import { PeopleStore } from './peopleStore.svelte';
import { ReactionsStore } from './reactionsStore.svelte';
import { HostingStore } from './hostingStore.svelte';
import { OnboardingStore } from './onboardingStore.svelte';
import { RecentStore } from './recentStore.svelte';
import { chooseLanguage } from '../../../src-main/i18n/languages';
import { windowText } from './i18n.svelte';
import { SearchStore } from './searchStore.svelte';
import { SettingsStore, type SettingsPage } from './settingsStore.svelte';
import { StreamAdminStore } from './streamAdminStore.svelte';
import { StreamsStore, type StreamsPage } from './streamsStore.svelte';
import { TopicDeletionStore } from './topicDeletionStore.svelte';
import { ScheduledMessagesStore } from './scheduledMessagesStore.svelte';
import { shareUnchanged } from './shareUnchanged';
import { localeClockHours } from './time';
import { TypingStore } from './typingStore.svelte';
import { UploadedFilesStore } from './uploadedFilesStore.svelte';
import { UploadsStore } from './uploadsStore.svelte';
import { UserGroupsStore } from './userGroupsStore.svelte';
import { UserStatusStore } from './userStatusStore.svelte';
import { statusOf } from './userStatus';
import { CustomEmojiStore } from './customEmojiStore.svelte';

/** What the main area shows: the feed (or search results over it), Recent conversations, the user's bots, settings, the Inbox, the drafts, or the streams' pages. */
export type MainView =
  | 'feed'
  | 'recent'
  | 'bots'
  | 'users'
  | 'groups'
  | 'customEmoji'
  | 'hosting'
  | 'settings'
  | 'inbox'
  | 'drafts'
  | 'scheduled'
  | StreamsPage;

/** Where the user was in an account, to find it again on switching back. */
interface AccountView {
  narrow: Narrow | null;
  scroll: ScrollAnchor;
  draft: ComposeDraft;
}

// The window's state: the accounts and the active one's sidebar, with a store
// per job beside it. Fed by bridge calls and pushed events; components read it
// and call its methods, never the bridge.
export class AppStore {
  accounts = $state.raw<AccountSummary[]>([]);
  activeAccountId = $state<string | null>(null);
  snapshot = $state.raw<Snapshot | null>(null);
  /** The account list has been read once: until then nothing is offered. */
  ready = $state(false);
  /** The onboarding screen was asked for while accounts exist. */
  addingAccount = $state(false);
  view = $state<MainView>('feed');
  /** The account whose removal waits for the user's confirmation. */
  removing = $state<AccountSummary | null>(null);
  error = $state<string | null>(null);

  readonly feed: FeedStore;
  readonly compose: ComposeStore;
  readonly messageActions: MessageActionsStore;
  readonly composeAids: ComposeAidsStore;
  readonly typing: TypingStore;
  readonly search: SearchStore;
  readonly recent: RecentStore;
  readonly onboarding: OnboardingStore;
  readonly bots: BotsStore;
  readonly desktop: DesktopStore;
  readonly notificationSettings: NotificationSettingsStore;
  readonly alertWords: AlertWordsStore;
  /** Whom the reader muted: Settings' list, the question before muting, messages shown anyway. */
  readonly mutedUsers: MutedUsersStore;
  /** The organization's linkifiers and code playgrounds, for Settings and for code blocks. */
  readonly linkifiers: LinkifiersStore;
  readonly organization: OrganizationStore;
  readonly people: PeopleStore;
  readonly userGroups: UserGroupsStore;
  readonly customEmoji: CustomEmojiStore;
  readonly hosting: HostingStore;
  readonly settings: SettingsStore;
  /** Settings › Network, this computer's and not an account's. */
  readonly network: NetworkStore;
  /** The dialog that decides on an account's server's new certificate. */
  readonly certificateReview: CertificateReviewStore;
  readonly streams: StreamsStore;
  /** The administrator's dialog of a stream's own settings. */
  readonly streamAdmin: StreamAdminStore;
  /** The administrator's question before a topic is deleted. */
  readonly topicDeletion: TopicDeletionStore;
  /** Messages the server sends later: scheduling from compose, and their view. */
  readonly scheduled: ScheduledMessagesStore;
  readonly feedView: MessageView;
  readonly searchView: MessageView;
  readonly inbox: InboxStore;
  readonly drafts: DraftsStore;
  /** Files the compose box is sending. */
  readonly uploads: UploadsStore;
  /** Files messages link: their images, the lightbox, saving the others. */
  readonly files: UploadedFilesStore;
  readonly reactions: ReactionsStore;
  /** The reader's status: the personal menu and the "Set status" dialog. */
  readonly status: UserStatusStore;

  /**
   * Zulip's twenty_four_hour_time, for every time the window writes: null
   * follows the locale's clock; Zulip's default (12 hours) until the snapshot comes.
   */
  get clockHours(): 12 | 24 {
    const chosen = this.snapshot?.display.twentyFourHourTime;
    if (chosen === null) return localeClockHours();
    return chosen === true ? 24 : 12;
  }

  active = $derived(this.accounts.find((account) => account.id === this.activeAccountId) ?? null);
  showOnboarding = $derived(this.ready && (this.accounts.length === 0 || this.addingAccount));
  connection = $derived<Connection | null>(
    this.snapshot?.accountId === this.activeAccountId
      ? (this.snapshot?.connection ?? null)
      : (this.active?.connection ?? null),
  );

  // Read only on switching accounts, never rendered: nothing needs to react to it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #views = new Map<string, AccountView>();
  // Entering an account takes several calls; a later switch makes the earlier one give up.
  #entries = 0;
  /** Counts the times the add-an-organization form was opened. */
  #addFormsOpened = 0;
  /** A snapshot main sent, waiting for the frame being drawn to be painted. */
  #comingSnapshot: Snapshot | null = null;

  constructor(private readonly bridge: ChatBridge) {
    this.feed = new FeedStore(bridge);
    this.compose = new ComposeStore(bridge, this.feed);
    this.messageActions = new MessageActionsStore(bridge, this.feed, this.compose, (narrow) => {
      void this.openNarrow(narrow);
    });
    this.composeAids = new ComposeAidsStore(bridge);
    this.typing = new TypingStore(bridge);
    this.search = new SearchStore(bridge);
    this.recent = new RecentStore(bridge);
    this.onboarding = new OnboardingStore(bridge, (accountId) => this.joined(accountId));
    this.bots = new BotsStore(bridge);
    this.uploads = new UploadsStore(bridge, () => this.activeAccountId);
    this.files = new UploadedFilesStore(
      bridge,
      () => this.activeAccountId,
      (notice) => this.messageActions.tell(notice),
    );
    this.reactions = new ReactionsStore(
      bridge,
      () => this.activeAccountId,
      (notice) => this.messageActions.tell(notice),
    );
    this.status = new UserStatusStore(bridge, (notice) => this.messageActions.tell(notice));
    this.desktop = new DesktopStore(bridge, {
      notificationClicked: (id) => {
        bridge.openAlert({ id }).catch((error: unknown) => (this.error = errorText(error)));
      },
      uploadClicked: (href) => void this.files.save(href),
    });
    this.notificationSettings = new NotificationSettingsStore(bridge, this.desktop);
    this.alertWords = new AlertWordsStore(bridge);
    this.mutedUsers = new MutedUsersStore(bridge, () => this.snapshot?.mutedUsers ?? []);
    this.linkifiers = new LinkifiersStore(bridge, () =>
      this.snapshot
        ? {
            linkifiers: this.snapshot.linkifiers,
            playgrounds: this.snapshot.playgrounds,
            mayManage: this.snapshot.may.manageLinkifiers,
          }
        : null,
    );
    this.scheduled = new ScheduledMessagesStore(bridge, () => this.snapshot);
    this.organization = new OrganizationStore(bridge);
    this.people = new PeopleStore(bridge);
    this.userGroups = new UserGroupsStore(bridge);
    this.customEmoji = new CustomEmojiStore(bridge, () => this.activeAccountId);
    this.hosting = new HostingStore(bridge);
    this.settings = new SettingsStore(bridge);
    this.network = new NetworkStore(bridge);
    this.certificateReview = new CertificateReviewStore(bridge);
    this.streams = new StreamsStore(bridge);
    this.streamAdmin = new StreamAdminStore(bridge);
    this.topicDeletion = new TopicDeletionStore(bridge, (streamId, topic) => {
      // The view of a topic that is no more would stay empty: it goes to the channel.
      const here = this.feed.narrow;
      const gone = here?.kind === 'stream' && here.topic?.toLowerCase() === topic.toLowerCase();
      if (gone && here.streamId === streamId) {
        void this.openNarrow({ kind: 'stream', streamId });
      }
    });
    this.feedView = this.#messageView({
      seen: new SeenWatcher((id) => this.feed.markSeen(id)),
      narrow: () => (this.feed.narrow ? $state.snapshot(this.feed.narrow) : null),
      toggleStar: (message) => void this.feed.toggleStar(message),
      match: null,
    });
    this.searchView = this.#messageView({
      seen: null,
      narrow: () => null,
      toggleStar: (message) => void this.search.toggleStar(message),
      match: (message) => this.search.matchOf(message),
    });
    this.inbox = new InboxStore(bridge);
    this.drafts = new DraftsStore(bridge, this.compose);
  }

  async start(): Promise<void> {
    this.bridge.on('appState', (state) => this.applyAppState(state));
    this.bridge.on('invitation', ({ link }) => void this.joinByInvitation(link));
    this.bridge.on('hosting', () => {
      if (this.view === 'hosting') void this.hosting.load();
    });
    this.bridge.on('snapshot', (snapshot) => {
      if (snapshot.accountId !== this.activeAccountId) return;
      // Main sends the sidebar's snapshot with the messages that changed it:
      // it is taken once they are painted, so it never holds them up. A
      // newer one meanwhile replaces it.
      const queued = this.#comingSnapshot !== null;
      this.#comingSnapshot = snapshot;
      if (!queued) afterPaint(() => this.#takeComingSnapshot());
    });
    this.bridge.on('feed', (change) => {
      if (change.accountId === this.activeAccountId) this.feed.applyFeed(change);
    });
    this.bridge.on('outbox', (outbox) => {
      if (outbox.accountId === this.activeAccountId) this.feed.applyOutbox(outbox);
    });
    this.bridge.on('typing', (typing) => {
      if (typing.accountId === this.activeAccountId) this.typing.apply(typing);
    });
    this.bridge.on('navigate', ({ accountId, narrow }) => void this.show(accountId, narrow));
    this.bridge.on('drafts', ({ accountId, drafts }) => {
      if (accountId === this.activeAccountId) this.drafts.apply(drafts);
    });
    this.desktop.start();
    this.drafts.start();
    this.uploads.start();
    await this.refreshAppState();
    this.ready = true;
  }

  /** Switches to the account, where it was left, or on `narrow` when given. */
  async switchTo(accountId: string, narrow?: Narrow): Promise<void> {
    this.addingAccount = false;
    await this.#switch(accountId, narrow);
  }

  /** The switch itself; whether the add-an-organization form closes is the caller's. */
  async #switch(accountId: string, narrow?: Narrow): Promise<void> {
    if (accountId === this.activeAccountId && this.snapshot) {
      if (narrow) await this.openNarrow(narrow);
      return;
    }
    // Saved while the account it belongs to is still the one the bridge acts on.
    await this.drafts.flush();
    this.saveView();
    const entry = this.leave(accountId);
    try {
      await this.bridge.switchAccount({ accountId });
    } catch (error) {
      this.error = errorText(error);
      return;
    }
    await this.enter(accountId, entry, narrow);
  }

  /** A clicked notification's conversation, on its account, out of any other view. */
  async show(accountId: string, narrow: Narrow): Promise<void> {
    this.view = 'feed';
    await this.switchTo(accountId, narrow);
  }

  addAccount(): void {
    this.onboarding.reset();
    this.addingAccount = true;
    this.#addFormsOpened += 1;
  }

  cancelAddAccount(): void {
    this.onboarding.reset();
    this.addingAccount = false;
  }

  /** Opens the join form on an invitation link, checked at once. */
  async joinByInvitation(link: string): Promise<void> {
    this.addAccount();
    this.onboarding.prefill = { serverUrl: link, email: '' };
    await this.onboarding.probe(link);
  }

  /** Opens the join form on the account's server, for an account whose key is gone. */
  async signInAgain(account: AccountSummary): Promise<void> {
    this.addAccount();
    this.onboarding.prefill = { serverUrl: account.serverUrl, email: account.email };
    await this.onboarding.probe(account.serverUrl);
  }

  confirmRemove(account: AccountSummary): void {
    this.removing = account;
  }

  cancelRemove(): void {
    this.removing = null;
  }

  async remove(): Promise<void> {
    const account = this.removing;
    this.removing = null;
    if (!account) return;
    try {
      await this.bridge.removeAccount({ accountId: account.id });
      this.#views.delete(account.id);
      await this.refreshAppState();
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /**
   * From the feed, the window changes once the new page is there: title,
   * sidebar, messages and compose box in one frame. From another view or a
   * search, the narrow shows at once, loading.
   */
  async openNarrow(narrow: Narrow, at: ScrollAnchor = feedEnd): Promise<void> {
    const inFeed = this.view === 'feed' && this.search.searched === null;
    this.view = 'feed';
    this.search.close();
    if (!inFeed) {
      await this.drafts.follow(narrow);
      await this.feed.open(narrow, at);
    } else if (await this.feed.open(narrow, at, { keepShown: true })) {
      await this.drafts.follow(narrow);
    }
  }

  /** How message lists reach the window: the feed marks what is seen as read, search results do not. */
  #messageView({
    seen,
    narrow,
    toggleStar,
    match,
  }: {
    seen: SeenWatcher | null;
    narrow: () => Narrow | null;
    toggleStar: MessageView['toggleStar'];
    match: MessageView['match'];
  }): MessageView {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter reads the store's current snapshot
    const store = this;
    return {
      get ownUserId() {
        return store.snapshot?.user.userId ?? 0;
      },
      get clockHours() {
        return store.clockHours;
      },
      isMarkedGuest: (userId) => this.snapshot?.guests.includes(userId) === true,
      statusOf: (userId) => statusOf(this.snapshot, userId),
      get largeEmoji() {
        return store.snapshot?.largeEmoji === true;
      },
      streamColor: (streamId) =>
        this.snapshot?.streams.find((stream) => stream.streamId === streamId)?.color ?? null,
      openNarrow: (narrow) => void this.openNarrow(narrow),
      toggleStar,
      match,
      actions: this.messageActions,
      reactions: this.reactions,
      widgetAction: (messageId, action) =>
        this.bridge.widgetAction({ messageId, action }).then(
          () => true,
          (error: unknown) => {
            this.messageActions.tell(errorText(error));
            return false;
          },
        ),
      muting: this.mutedUsers,
      get narrow() {
        return narrow();
      },
      watchSeen: seen ? (node, messageId) => seen.watch(node, messageId) : null,
      showImages: (node) => this.files.watch(node),
      playgroundsFor: (language) => this.linkifiers.playgroundsFor(language),
      openImage: (href, name) => void this.files.open(href, name),
    };
  }

  /** The settings area, on `page` or the page it was last on. */
  async showSettings(page: SettingsPage = this.settings.page): Promise<void> {
    this.view = 'settings';
    this.search.close();
    if (page !== this.settings.page) this.settings.clear();
    this.settings.page = page;
    if (page === 'notifications') {
      await Promise.all([this.notificationSettings.load(), this.alertWords.load()]);
    }
    if (page === 'organization') await this.organization.load();
    if (page === 'mutedUsers') await this.mutedUsers.load();
    if (page === 'network') await this.network.load();
  }

  /** Settings › Network: in the settings area, or in place of the forms before an account shows. */
  async openNetworkSettings(): Promise<void> {
    if (!this.showOnboarding) return this.showSettings('network');
    this.onboarding.networkShown = true;
    await this.network.load();
  }

  /** The active account's server presents a new certificate: the dialog to decide on it. */
  reviewCertificate(): void {
    const problem = this.connection?.problem;
    if (this.activeAccountId && problem?.kind === 'certificate-changed') {
      this.certificateReview.open(this.activeAccountId, problem);
    }
  }

  async showRecent(): Promise<void> {
    this.view = 'recent';
    this.search.close();
    await this.recent.open();
  }

  /** How the host of this computer's organization stands. */
  async showHosting(): Promise<void> {
    this.view = 'hosting';
    this.search.close();
    await this.hosting.load();
  }

  /** The organization's users and its invitation links. */
  async showUsers(): Promise<void> {
    this.view = 'users';
    this.search.close();
    await this.people.load();
  }

  async showGroups(): Promise<void> {
    this.view = 'groups';
    this.search.close();
    await this.userGroups.load();
  }

  /** The organization's own emoji. */
  async showCustomEmoji(): Promise<void> {
    this.view = 'customEmoji';
    this.search.close();
    await this.customEmoji.load();
  }

  async showBots(): Promise<void> {
    this.view = 'bots';
    this.search.close();
    await this.bots.load();
  }

  /** Zulip's c and x: the compose box of the feed, for a new message of that kind. */
  startMessage(kind: ComposeKind): void {
    if (this.view !== 'feed' || this.search.searched !== null) {
      void this.openNarrow(this.feed.narrow ?? { kind: 'all' });
    }
    this.compose.start(kind, this.feed.narrow);
  }

  /** Zulip's Escape: out of a search, from a page back to the messages, from a narrow to All messages. */
  async back(): Promise<void> {
    if (this.search.searched !== null) return this.search.close();
    if (this.view !== 'feed') return this.openNarrow(this.feed.narrow ?? { kind: 'all' });
    if (this.feed.narrow?.kind !== 'all') return this.openNarrow({ kind: 'all' });
  }

  /** Zulip's n. */
  async openNextUnreadTopic(): Promise<void> {
    const here = this.view === 'feed' && this.search.searched === null ? this.feed.narrow : null;
    const next = nextUnreadTopic(this.snapshot?.streams ?? [], this.snapshot?.folders ?? [], here);
    if (next) await this.openNarrow(next);
    else this.messageActions.tell('No other topic has unread messages');
  }

  async showStreams(): Promise<void> {
    this.view = 'streams';
    this.search.close();
    await this.streams.open('streams');
  }

  async showStreamSettings(streamId: number): Promise<void> {
    this.view = 'streamSettings';
    this.search.close();
    await this.streams.open('streamSettings', streamId);
  }

  async showMutedTopics(): Promise<void> {
    this.view = 'mutedTopics';
    this.search.close();
    await this.streams.open('mutedTopics');
  }

  get #streamsPage(): StreamsPage | null {
    const view = this.view;
    return view === 'streams' || view === 'streamSettings' || view === 'mutedTopics' ? view : null;
  }

  private async joined(accountId: string): Promise<void> {
    const formsOpened = this.#addFormsOpened;
    this.onboarding.reset();
    await this.refreshAppState();
    // The new account may show before this ends: a form the person opened
    // meanwhile, to add yet another, stays open.
    if (formsOpened === this.#addFormsOpened) this.addingAccount = false;
    await this.#switch(accountId);
  }

  private async refreshAppState(): Promise<void> {
    try {
      this.applyAppState(await this.bridge.getAppState({}));
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private applyAppState(state: AppState): void {
    this.accounts = shareUnchanged(this.accounts, state.accounts);
    this.desktop.applyAppState(state);
    const active = state.activeAccountId ?? state.accounts[0]?.id ?? null;
    if (active === this.activeAccountId) return;
    // Main changed the active account itself (one was removed, or added elsewhere).
    this.saveView();
    const entry = this.leave(active);
    if (active === null) return;
    if (state.activeAccountId === null) {
      void this.bridge.switchAccount({ accountId: active }).then(
        () => this.enter(active, entry),
        (error: unknown) => (this.error = errorText(error)),
      );
    } else {
      void this.enter(active, entry);
    }
  }

  /** Empties the window of the last account at once, so none of it shows under the next. */
  private leave(next: string | null): number {
    this.activeAccountId = next;
    this.snapshot = null;
    // With no account on screen the window speaks the system's language;
    // between two accounts it waits for the next one's setting.
    if (next === null) this.followLanguage(null);
    this.view = 'feed';
    this.error = null;
    this.notificationSettings.clear();
    this.alertWords.clear();
    this.mutedUsers.clear();
    this.linkifiers.clear();
    this.scheduled.clear();
    this.organization.clear();
    this.people.clear();
    this.userGroups.clear();
    this.customEmoji.clear();
    this.hosting.clear();
    this.settings.clear();
    this.streams.clear();
    this.streamAdmin.close();
    this.certificateReview.close();
    this.recent.clear();
    this.inbox.clear();
    this.drafts.clear();
    this.messageActions.clear();
    this.composeAids.clear();
    this.reactions.clear();
    this.typing.clear();
    this.feed.clear();
    this.search.close();
    this.uploads.clear();
    this.files.clear();
    this.compose.restore(next === null ? emptyDraft : (this.#views.get(next)?.draft ?? emptyDraft));
    return ++this.#entries;
  }

  private async enter(accountId: string, entry: number, narrowWanted?: Narrow): Promise<void> {
    let snapshot: Snapshot;
    try {
      snapshot = await this.bridge.getSnapshot({});
    } catch (error) {
      if (entry === this.#entries) this.error = errorText(error);
      return;
    }
    if (entry !== this.#entries || snapshot.accountId !== accountId) return;
    this.takeSnapshot(snapshot);
    await this.drafts.load();
    if (entry !== this.#entries) return;
    const saved = this.#views.get(accountId);
    const firstStream = snapshot.streams[0];
    if (narrowWanted) return this.openNarrow(narrowWanted);
    const narrow: Narrow =
      saved?.narrow ??
      snapshot.lastNarrow ??
      (firstStream ? { kind: 'stream', streamId: firstStream.streamId } : { kind: 'all' });
    const at = saved?.scroll ?? feedEnd;
    // The sidebar showed with the snapshot: a view the reader opened from it
    // since stays, and the feed waits behind it.
    if (this.view !== 'feed') {
      await this.drafts.follow(narrow);
      await this.feed.open(narrow, at);
      return;
    }
    await this.openNarrow(narrow, at);
  }

  /** The snapshot main sent last, if the account it is for is still on screen. */
  #takeComingSnapshot(): void {
    const snapshot = this.#comingSnapshot;
    this.#comingSnapshot = null;
    if (!snapshot || snapshot.accountId !== this.activeAccountId) return;
    this.takeSnapshot(snapshot);
    // Snapshots may coalesce a short loss of the link: being online is enough to ask again.
    if (snapshot.connection.state !== 'offline') this.feed.serverBack();
    // Settings and subscriptions change with the events that change the sidebar.
    if (this.view === 'settings' && this.settings.page === 'notifications') {
      void this.notificationSettings.load();
      void this.alertWords.load();
    }
    if (this.view === 'settings' && this.settings.page === 'organization') {
      void this.organization.load();
    }
    if (this.view === 'settings' && this.settings.page === 'mutedUsers') {
      void this.mutedUsers.load();
    }
    if (this.view === 'users') void this.people.load();
    if (this.view === 'groups') void this.userGroups.load();
    if (this.view === 'customEmoji') void this.customEmoji.load();
    if (this.view === 'recent') this.recent.refresh();
    if (this.view === 'inbox') this.inbox.refresh();
    if (this.#streamsPage) void this.streams.refresh(this.#streamsPage);
  }

  private takeSnapshot(snapshot: Snapshot): void {
    const before = this.snapshot;
    if (before && before.customEmojiVersion !== snapshot.customEmojiVersion) {
      this.composeAids.forgetEmoji();
      this.reactions.forgetPicker();
    }
    this.snapshot = shareUnchanged(this.snapshot, snapshot);
    this.followLanguage(snapshot);
    this.feed.ownUserId = snapshot.user.userId;
    this.messageActions.ownUserId = snapshot.user.userId;
    this.drafts.ownUserId = snapshot.user.userId;
    this.messageActions.rules = snapshot.messageRules;
    setEmptyTopicName(snapshot.compose.emptyTopicName);
    const topicsPolicies = Object.fromEntries(
      snapshot.streams.map((stream) => [stream.streamId, stream.topicsPolicy]),
    );
    this.compose.topicsPolicies = topicsPolicies;
    this.messageActions.topicsPolicies = topicsPolicies;
  }

  /**
   * The window speaks the account's default_language where it has that
   * language, else the system's, and writes times in the account's timezone
   * setting.
   */
  private followLanguage(snapshot: Snapshot | null): void {
    windowText.useTimeZone(snapshot?.timezone ?? '');
    const language = chooseLanguage([snapshot?.display.language, ...navigator.languages]);
    void windowText.use(language).then(
      async (changed) => {
        if (changed) await this.bridge.useLanguage({ code: language.code });
      },
      (error: unknown) => (this.error = errorText(error)),
    );
  }

  private saveView(): void {
    const accountId = this.activeAccountId;
    if (accountId === null) return;
    this.#views.set(accountId, {
      narrow: this.feed.narrow ? $state.snapshot(this.feed.narrow) : null,
      scroll: this.feed.scroll,
      draft: this.compose.save(),
    });
  }

  async showInbox(): Promise<void> {
    this.view = 'inbox';
    this.search.close();
    await this.inbox.open();
  }

  showScheduled(): void {
    this.view = 'scheduled';
    this.search.close();
    this.scheduled.clear();
  }

  showDrafts(): void {
    this.view = 'drafts';
    this.search.close();
    // What was typed a moment ago belongs in the list too.
    void this.drafts.flush();
  }
}
