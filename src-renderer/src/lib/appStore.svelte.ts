import type {
  AccountSummary,
  ChatBridge,
  Connection,
  Narrow,
  Snapshot,
} from '../../../src-preload/bridge';
import { AccountsStore } from './accountsStore.svelte';
import { AlertWordsStore } from './alertWordsStore.svelte';
import { MutedUsersStore } from './mutedUsersStore.svelte';
import { LinkifiersStore } from './linkifiersStore.svelte';
import { BotsStore } from './botsStore.svelte';
import { CertificateReviewStore } from './certificateReviewStore.svelte';
import { ComposeAidsStore } from './composeAidsStore.svelte';
import { ComposeStore, type ComposeKind } from './composeStore.svelte';
import { DesktopStore } from './desktopStore.svelte';
import { DraftsStore } from './draftsStore.svelte';
import { errorText } from './errors';
import { FeedStore, type ScrollAnchor } from './feedStore.svelte';
import { InboxStore } from './inboxStore.svelte';
import { MessageActionsStore } from './messageActionsStore.svelte';
import { NavigationStore, type MainView } from './navigationStore.svelte';
import { NetworkStore } from './networkStore.svelte';
import type { MessageView } from './messageView';
import { SeenWatcher } from './seenWatcher';
import { NotificationSettingsStore } from './notificationSettingsStore.svelte';
import { OrganizationStore } from './organizationStore.svelte';
import { PeopleStore } from './peopleStore.svelte';
import { ReactionsStore } from './reactionsStore.svelte';
import { HostingStore } from './hostingStore.svelte';
import { OnboardingStore } from './onboardingStore.svelte';
import { RecentStore } from './recentStore.svelte';
import { SearchStore } from './searchStore.svelte';
import { SettingsStore, type SettingsPage } from './settingsStore.svelte';
import { SnapshotStore } from './snapshotStore.svelte';
import { SystemConfigStore } from './systemConfigStore.svelte';
import { StreamAdminStore } from './streamAdminStore.svelte';
import { StreamsStore } from './streamsStore.svelte';
import { TopicDeletionStore } from './topicDeletionStore.svelte';
import { ScheduledMessagesStore } from './scheduledMessagesStore.svelte';
import { TypingStore } from './typingStore.svelte';
import { UploadedFilesStore } from './uploadedFilesStore.svelte';
import { UploadsStore } from './uploadsStore.svelte';
import { UserGroupsStore } from './userGroupsStore.svelte';
import { UserStatusStore } from './userStatusStore.svelte';
import { CustomEmojiStore } from './customEmojiStore.svelte';
import { windowMessageView } from './windowMessageView';

// The window's state: the accounts and the active one's sidebar, with a store
// per job beside it. Fed by bridge calls and pushed events; components read it
// and call its methods, never the bridge.
export class AppStore {
  error = $state<string | null>(null);

  readonly feed: FeedStore;
  readonly compose: ComposeStore;
  readonly messageActions: MessageActionsStore;
  readonly composeAids: ComposeAidsStore;
  readonly typing: TypingStore;
  readonly search: SearchStore;
  readonly recent: RecentStore;
  readonly onboarding: OnboardingStore;
  /** The administrator's file: the organizations it offers, and what was wrong with it. */
  readonly systemConfig: SystemConfigStore;
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

  /** The accounts, the one on screen, and moving between them. */
  readonly #accounts: AccountsStore;
  /** The active account's sidebar snapshot, and its parts handed to the stores that read them. */
  readonly #sidebar: SnapshotStore;
  /** Which view the main area shows, and the moves between views. */
  readonly #navigation: NavigationStore;

  // The window's state as components read it, held by the store whose job it is.
  get accounts(): AccountSummary[] {
    return this.#accounts.accounts;
  }
  get activeAccountId(): string | null {
    return this.#accounts.activeAccountId;
  }
  get snapshot(): Snapshot | null {
    return this.#sidebar.snapshot;
  }
  get ready(): boolean {
    return this.#accounts.ready;
  }
  get addingAccount(): boolean {
    return this.#accounts.addingAccount;
  }
  get view(): MainView {
    return this.#navigation.view;
  }
  get removing(): AccountSummary | null {
    return this.#accounts.removing;
  }
  get clockHours(): 12 | 24 {
    return this.#sidebar.clockHours;
  }
  get active(): AccountSummary | null {
    return this.#accounts.active;
  }
  get showOnboarding(): boolean {
    return this.#accounts.showOnboarding;
  }

  connection = $derived<Connection | null>(
    this.snapshot?.accountId === this.activeAccountId
      ? (this.snapshot?.connection ?? null)
      : (this.active?.connection ?? null),
  );

  constructor(private readonly bridge: ChatBridge) {
    const failed = (error: unknown) => (this.error = errorText(error));
    this.feed = new FeedStore(bridge);
    this.compose = new ComposeStore(bridge, this.feed);
    this.messageActions = new MessageActionsStore(bridge, this.feed, this.compose, (narrow) => {
      void this.openNarrow(narrow);
    });
    this.composeAids = new ComposeAidsStore(bridge);
    this.typing = new TypingStore(bridge);
    this.search = new SearchStore(bridge);
    this.onboarding = new OnboardingStore(bridge, (accountId) => this.#accounts.joined(accountId));
    this.systemConfig = new SystemConfigStore(bridge, () => this.accounts);
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
        bridge.openAlert({ id }).catch(failed);
      },
      uploadClicked: (href) => void this.files.save(href),
    });
    this.notificationSettings = new NotificationSettingsStore(bridge, this.desktop);
    this.alertWords = new AlertWordsStore(bridge);
    this.mutedUsers = new MutedUsersStore(bridge, () => this.snapshot?.mutedUsers ?? []);
    this.recent = new RecentStore(bridge, this.mutedUsers);
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
    this.inbox = new InboxStore(bridge);
    this.drafts = new DraftsStore(bridge, this.compose);
    this.#navigation = new NavigationStore({
      feed: this.feed,
      search: this.search,
      drafts: this.drafts,
      compose: this.compose,
      messageActions: this.messageActions,
      settings: this.settings,
      notificationSettings: this.notificationSettings,
      alertWords: this.alertWords,
      organization: this.organization,
      mutedUsers: this.mutedUsers,
      network: this.network,
      recent: this.recent,
      hosting: this.hosting,
      people: this.people,
      userGroups: this.userGroups,
      customEmoji: this.customEmoji,
      bots: this.bots,
      streams: this.streams,
      inbox: this.inbox,
      scheduled: this.scheduled,
      snapshot: () => this.snapshot,
    });
    this.#sidebar = new SnapshotStore(bridge, {
      activeAccountId: () => this.activeAccountId,
      feed: this.feed,
      messageActions: this.messageActions,
      drafts: this.drafts,
      compose: this.compose,
      composeAids: this.composeAids,
      reactions: this.reactions,
      taken: () => this.#navigation.reloadShown(),
      failed,
    });
    this.#accounts = new AccountsStore(bridge, {
      onboarding: this.onboarding,
      desktop: this.desktop,
      drafts: this.drafts,
      feed: this.feed,
      compose: this.compose,
      navigation: this.#navigation,
      sidebar: this.#sidebar,
      emptyWindow: (next) => this.#emptyWindow(next),
      failed,
    });
    const lists = {
      bridge,
      sidebar: this.#sidebar,
      openNarrow: (narrow: Narrow) => void this.openNarrow(narrow),
      messageActions: this.messageActions,
      reactions: this.reactions,
      mutedUsers: this.mutedUsers,
      topicDeletion: this.topicDeletion,
      files: this.files,
      linkifiers: this.linkifiers,
    };
    this.feedView = windowMessageView(lists, {
      seen: new SeenWatcher((id) => this.feed.markSeen(id)),
      narrow: () => (this.feed.narrow ? $state.snapshot(this.feed.narrow) : null),
      toggleStar: (message) => void this.feed.toggleStar(message),
      match: null,
      showsMutedConversations: () => this.feed.narrow?.kind === 'private',
    });
    this.searchView = windowMessageView(lists, {
      seen: null,
      narrow: () => null,
      toggleStar: (message) => void this.search.toggleStar(message),
      match: (message) => this.search.matchOf(message),
      showsMutedConversations: () => this.search.result?.namesConversation === true,
    });
  }

  async start(): Promise<void> {
    this.bridge.on('appState', (state) => this.#accounts.applyAppState(state));
    this.bridge.on('invitation', ({ link }) => void this.joinByInvitation(link));
    this.bridge.on('hosting', () => {
      if (this.view === 'hosting') void this.hosting.load();
    });
    this.bridge.on('snapshot', (snapshot) => this.#sidebar.receive(snapshot));
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
    void this.systemConfig.load();
    this.desktop.start();
    this.drafts.start();
    this.uploads.start();
    await this.#accounts.load();
  }

  // What components call on the accounts and the main area's views, done by
  // the store that holds them.
  readonly switchTo = (accountId: string, narrow?: Narrow): Promise<void> =>
    this.#accounts.switchTo(accountId, narrow);
  readonly show = (accountId: string, narrow: Narrow): Promise<void> =>
    this.#accounts.show(accountId, narrow);
  readonly addAccount = (): void => this.#accounts.addAccount();
  readonly cancelAddAccount = (): void => this.#accounts.cancelAddAccount();
  readonly joinByInvitation = (link: string): Promise<void> =>
    this.#accounts.joinByInvitation(link);
  readonly signInAgain = (account: AccountSummary): Promise<void> =>
    this.#accounts.signInAgain(account);
  readonly dismissStorageNotice = (account: AccountSummary): Promise<void> =>
    this.#accounts.dismissStorageNotice(account);
  readonly confirmRemove = (account: AccountSummary): void => this.#accounts.confirmRemove(account);
  readonly cancelRemove = (): void => this.#accounts.cancelRemove();
  readonly remove = (): Promise<void> => this.#accounts.remove();
  readonly openNarrow = (narrow: Narrow, at?: ScrollAnchor): Promise<void> =>
    this.#navigation.openNarrow(narrow, at);
  readonly showSettings = (page?: SettingsPage): Promise<void> =>
    this.#navigation.showSettings(page);
  readonly showRecent = (): Promise<void> => this.#navigation.showRecent();
  readonly showHosting = (): Promise<void> => this.#navigation.showHosting();
  readonly showUsers = (): Promise<void> => this.#navigation.showUsers();
  readonly showGroups = (): Promise<void> => this.#navigation.showGroups();
  readonly showCustomEmoji = (): Promise<void> => this.#navigation.showCustomEmoji();
  readonly showBots = (): Promise<void> => this.#navigation.showBots();
  readonly startMessage = (kind: ComposeKind): void => this.#navigation.startMessage(kind);
  readonly back = (): Promise<void> => this.#navigation.back();
  readonly openNextUnreadTopic = (): Promise<void> => this.#navigation.openNextUnreadTopic();
  readonly showStreams = (): Promise<void> => this.#navigation.showStreams();
  readonly showStreamSettings = (streamId: number): Promise<void> =>
    this.#navigation.showStreamSettings(streamId);
  readonly showMutedTopics = (): Promise<void> => this.#navigation.showMutedTopics();
  readonly showInbox = (): Promise<void> => this.#navigation.showInbox();
  readonly showScheduled = (): void => this.#navigation.showScheduled();
  readonly showDrafts = (): void => this.#navigation.showDrafts();

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

  /** Everything the window showed of the account left, but its compose box, goes at once. */
  #emptyWindow(next: string | null): void {
    this.#sidebar.clear();
    // With no account on screen the window speaks the system's language;
    // between two accounts it waits for the next one's setting.
    if (next === null) this.#sidebar.followLanguage(null);
    this.#navigation.view = 'feed';
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
  }
}
