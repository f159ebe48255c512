import type { Narrow, Snapshot } from '../../../src-preload/bridge';
import type { AlertWordsStore } from './alertWordsStore.svelte';
import type { BotsStore } from './botsStore.svelte';
import type { ComposeKind, ComposeStore } from './composeStore.svelte';
import type { CustomEmojiStore } from './customEmojiStore.svelte';
import type { DraftsStore } from './draftsStore.svelte';
import { feedEnd, type FeedStore, type ScrollAnchor } from './feedStore.svelte';
import type { HostingStore } from './hostingStore.svelte';
import type { InboxStore } from './inboxStore.svelte';
import type { MessageActionsStore } from './messageActionsStore.svelte';
import type { MutedUsersStore } from './mutedUsersStore.svelte';
import type { NetworkStore } from './networkStore.svelte';
import { nextUnreadTopic } from './nextUnreadTopic';
import type { NotificationSettingsStore } from './notificationSettingsStore.svelte';
import type { OrganizationStore } from './organizationStore.svelte';
import type { PeopleStore } from './peopleStore.svelte';
import type { RecentStore } from './recentStore.svelte';
import type { ScheduledMessagesStore } from './scheduledMessagesStore.svelte';
import type { SearchStore } from './searchStore.svelte';
import type { SettingsPage, SettingsStore } from './settingsStore.svelte';
import type { StreamsPage, StreamsStore } from './streamsStore.svelte';
import type { UserGroupsStore } from './userGroupsStore.svelte';

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

/** The stores behind the main area's views, which opening a view loads. */
export interface NavigationDeps {
  feed: FeedStore;
  search: SearchStore;
  drafts: DraftsStore;
  compose: ComposeStore;
  messageActions: MessageActionsStore;
  settings: SettingsStore;
  notificationSettings: NotificationSettingsStore;
  alertWords: AlertWordsStore;
  organization: OrganizationStore;
  mutedUsers: MutedUsersStore;
  network: NetworkStore;
  recent: RecentStore;
  hosting: HostingStore;
  people: PeopleStore;
  userGroups: UserGroupsStore;
  customEmoji: CustomEmojiStore;
  bots: BotsStore;
  streams: StreamsStore;
  inbox: InboxStore;
  scheduled: ScheduledMessagesStore;
  snapshot: () => Snapshot | null;
}

// Which view the main area shows, and the moves between them: a narrow of the
// feed, a page, Zulip's keys that go back or on. Opening a view closes a
// search over the feed and loads what the view shows.
export class NavigationStore {
  view = $state<MainView>('feed');

  constructor(private readonly deps: NavigationDeps) {}

  /** A view of the main area takes the place of any search's results. */
  #show(view: MainView): void {
    this.view = view;
    this.deps.search.close();
  }

  /**
   * From the feed, the window changes once the new page is there: title,
   * sidebar, messages and compose box in one frame. From another view or a
   * search, the narrow shows at once, loading.
   */
  async openNarrow(narrow: Narrow, at: ScrollAnchor = feedEnd): Promise<void> {
    const inFeed = this.view === 'feed' && this.deps.search.searched === null;
    this.#show('feed');
    if (!inFeed) {
      await this.deps.drafts.follow(narrow);
      await this.deps.feed.open(narrow, at);
    } else if (await this.deps.feed.open(narrow, at, { keepShown: true })) {
      await this.deps.drafts.follow(narrow);
    }
  }

  /** The settings area, on `page` or the page it was last on. */
  async showSettings(page: SettingsPage = this.deps.settings.page): Promise<void> {
    this.#show('settings');
    if (page !== this.deps.settings.page) this.deps.settings.clear();
    this.deps.settings.page = page;
    if (page === 'notifications') {
      await Promise.all([this.deps.notificationSettings.load(), this.deps.alertWords.load()]);
    }
    if (page === 'organization') await this.deps.organization.load();
    if (page === 'mutedUsers') await this.deps.mutedUsers.load();
    if (page === 'network') await this.deps.network.load();
  }

  async showRecent(): Promise<void> {
    this.#show('recent');
    await this.deps.recent.open();
  }

  /** How the host of this computer's organization stands. */
  async showHosting(): Promise<void> {
    this.#show('hosting');
    await this.deps.hosting.load();
  }

  /** The organization's users and its invitation links. */
  async showUsers(): Promise<void> {
    this.#show('users');
    await this.deps.people.load();
  }

  async showGroups(): Promise<void> {
    this.#show('groups');
    await this.deps.userGroups.load();
  }

  /** The organization's own emoji. */
  async showCustomEmoji(): Promise<void> {
    this.#show('customEmoji');
    await this.deps.customEmoji.load();
  }

  async showBots(): Promise<void> {
    this.#show('bots');
    await this.deps.bots.load();
  }

  /** Zulip's c and x: the compose box of the feed, for a new message of that kind. */
  startMessage(kind: ComposeKind): void {
    if (this.view !== 'feed' || this.deps.search.searched !== null) {
      void this.openNarrow(this.deps.feed.narrow ?? { kind: 'all' });
    }
    this.deps.compose.start(kind, this.deps.feed.narrow);
  }

  /** Zulip's Escape: out of a search, from a page back to the messages, from a narrow to All messages. */
  async back(): Promise<void> {
    if (this.deps.search.searched !== null) return this.deps.search.close();
    if (this.view !== 'feed') return this.openNarrow(this.deps.feed.narrow ?? { kind: 'all' });
    if (this.deps.feed.narrow?.kind !== 'all') return this.openNarrow({ kind: 'all' });
  }

  /** Zulip's n. */
  async openNextUnreadTopic(): Promise<void> {
    const here =
      this.view === 'feed' && this.deps.search.searched === null ? this.deps.feed.narrow : null;
    const snapshot = this.deps.snapshot();
    const next = nextUnreadTopic(snapshot?.streams ?? [], snapshot?.folders ?? [], here);
    if (next) await this.openNarrow(next);
    else this.deps.messageActions.tell('No other topic has unread messages');
  }

  async showStreams(): Promise<void> {
    this.#show('streams');
    await this.deps.streams.open('streams');
  }

  async showStreamSettings(streamId: number): Promise<void> {
    this.#show('streamSettings');
    await this.deps.streams.open('streamSettings', streamId);
  }

  async showMutedTopics(): Promise<void> {
    this.#show('mutedTopics');
    await this.deps.streams.open('mutedTopics');
  }

  get #streamsPage(): StreamsPage | null {
    const view = this.view;
    return view === 'streams' || view === 'streamSettings' || view === 'mutedTopics' ? view : null;
  }

  async showInbox(): Promise<void> {
    this.#show('inbox');
    await this.deps.inbox.open();
  }

  showScheduled(): void {
    this.#show('scheduled');
    this.deps.scheduled.clear();
  }

  showDrafts(): void {
    this.#show('drafts');
    // What was typed a moment ago belongs in the list too.
    void this.deps.drafts.flush();
  }

  /** A new snapshot came: the view shown reads again what may have changed with it. */
  reloadShown(): void {
    const settings = this.deps.settings;
    // Settings and subscriptions change with the events that change the sidebar.
    if (this.view === 'settings' && settings.page === 'notifications') {
      void this.deps.notificationSettings.load();
      void this.deps.alertWords.load();
    }
    if (this.view === 'settings' && settings.page === 'organization') {
      void this.deps.organization.load();
    }
    if (this.view === 'settings' && settings.page === 'mutedUsers') {
      void this.deps.mutedUsers.load();
    }
    if (this.view === 'users') void this.deps.people.load();
    if (this.view === 'groups') void this.deps.userGroups.load();
    if (this.view === 'customEmoji') void this.deps.customEmoji.load();
    if (this.view === 'recent') this.deps.recent.refresh();
    if (this.view === 'inbox') this.deps.inbox.refresh();
    if (this.#streamsPage) void this.deps.streams.refresh(this.#streamsPage);
  }
}
