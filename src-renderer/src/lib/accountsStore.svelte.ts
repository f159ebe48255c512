import type {
  AccountSummary,
  AppState,
  ChatBridge,
  Narrow,
  Snapshot,
} from '../../../src-preload/bridge';
import { emptyDraft, type ComposeDraft, type ComposeStore } from './composeStore.svelte';
import type { DesktopStore } from './desktopStore.svelte';
import type { DraftsStore } from './draftsStore.svelte';
import { feedEnd, type FeedStore, type ScrollAnchor } from './feedStore.svelte';
import type { NavigationStore } from './navigationStore.svelte';
import type { OnboardingStore } from './onboardingStore.svelte';
import { shareUnchanged } from './shareUnchanged';
import type { SnapshotStore } from './snapshotStore.svelte';

/** Where the user was in an account, to find it again on switching back. */
interface AccountView {
  narrow: Narrow | null;
  scroll: ScrollAnchor;
  draft: ComposeDraft;
}

/** What moving from one account to another reaches beyond the account list. */
export interface AccountsDeps {
  onboarding: OnboardingStore;
  desktop: DesktopStore;
  drafts: DraftsStore;
  feed: FeedStore;
  compose: ComposeStore;
  navigation: NavigationStore;
  sidebar: SnapshotStore;
  /** Empties the window of the account left, all but the compose box, which the next one's draft fills. */
  emptyWindow: (next: string | null) => void;
  failed: (error: unknown) => void;
}

// The accounts of this window and the one on screen: adding and removing
// them, and switching between them, each found again where it was left.
export class AccountsStore {
  accounts = $state.raw<AccountSummary[]>([]);
  activeAccountId = $state<string | null>(null);
  /** The account list has been read once: until then nothing is offered. */
  ready = $state(false);
  /** The onboarding screen was asked for while accounts exist. */
  addingAccount = $state(false);
  /** The account whose removal waits for the user's confirmation. */
  removing = $state<AccountSummary | null>(null);

  active = $derived(this.accounts.find((account) => account.id === this.activeAccountId) ?? null);
  showOnboarding = $derived(this.ready && (this.accounts.length === 0 || this.addingAccount));

  // Read only on switching accounts, never rendered: nothing needs to react to it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #views = new Map<string, AccountView>();
  // Entering an account takes several calls; a later switch makes the earlier one give up.
  #entries = 0;
  /** Counts the times the add-an-organization form was opened. */
  #addFormsOpened = 0;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly deps: AccountsDeps,
  ) {}

  /** Reads the account list the first time, and enters the active account. */
  async load(): Promise<void> {
    await this.#refresh();
    this.ready = true;
  }

  /** Switches to the account, where it was left, or on `narrow` when given. */
  async switchTo(accountId: string, narrow?: Narrow): Promise<void> {
    this.addingAccount = false;
    await this.#switch(accountId, narrow);
  }

  /** The switch itself; whether the add-an-organization form closes is the caller's. */
  async #switch(accountId: string, narrow?: Narrow): Promise<void> {
    if (accountId === this.activeAccountId && this.deps.sidebar.snapshot) {
      if (narrow) await this.deps.navigation.openNarrow(narrow);
      return;
    }
    // Saved while the account it belongs to is still the one the bridge acts on.
    await this.deps.drafts.flush();
    this.#saveView();
    const entry = this.#leave(accountId);
    try {
      await this.bridge.switchAccount({ accountId });
    } catch (error) {
      this.deps.failed(error);
      return;
    }
    await this.#enter(accountId, entry, narrow);
  }

  /** A clicked notification's conversation, on its account, out of any other view. */
  async show(accountId: string, narrow: Narrow): Promise<void> {
    this.deps.navigation.view = 'feed';
    await this.switchTo(accountId, narrow);
  }

  addAccount(): void {
    this.deps.onboarding.reset();
    this.addingAccount = true;
    this.#addFormsOpened += 1;
  }

  cancelAddAccount(): void {
    this.deps.onboarding.reset();
    this.addingAccount = false;
  }

  /** Opens the join form on an invitation link, checked at once. */
  async joinByInvitation(link: string): Promise<void> {
    this.addAccount();
    this.deps.onboarding.prefill = { serverUrl: link, email: '' };
    await this.deps.onboarding.probe(link);
  }

  /** Opens the join form on the account's server, for an account whose key is gone. */
  async signInAgain(account: AccountSummary): Promise<void> {
    this.addAccount();
    this.deps.onboarding.prefill = { serverUrl: account.serverUrl, email: account.email };
    await this.deps.onboarding.probe(account.serverUrl);
  }

  /** The person has read what was found damaged: the notice goes, with the next app state. */
  async dismissStorageNotice(account: AccountSummary): Promise<void> {
    try {
      await this.bridge.dismissStorageNotice({ accountId: account.id });
    } catch (error) {
      this.deps.failed(error);
    }
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
      await this.#refresh();
    } catch (error) {
      this.deps.failed(error);
    }
  }

  /** The join form added the account: it shows. */
  async joined(accountId: string): Promise<void> {
    const formsOpened = this.#addFormsOpened;
    this.deps.onboarding.reset();
    await this.#refresh();
    // The new account may show before this ends: a form the person opened
    // meanwhile, to add yet another, stays open.
    if (formsOpened === this.#addFormsOpened) this.addingAccount = false;
    await this.#switch(accountId);
  }

  async #refresh(): Promise<void> {
    try {
      this.applyAppState(await this.bridge.getAppState({}));
    } catch (error) {
      this.deps.failed(error);
    }
  }

  applyAppState(state: AppState): void {
    this.accounts = shareUnchanged(this.accounts, state.accounts);
    this.deps.desktop.applyAppState(state);
    const active = state.activeAccountId ?? state.accounts[0]?.id ?? null;
    if (active === this.activeAccountId) return;
    // Main changed the active account itself (one was removed, or added elsewhere).
    this.#saveView();
    const entry = this.#leave(active);
    if (active === null) return;
    if (state.activeAccountId === null) {
      void this.bridge.switchAccount({ accountId: active }).then(
        () => this.#enter(active, entry),
        (error: unknown) => this.deps.failed(error),
      );
    } else {
      void this.#enter(active, entry);
    }
  }

  /** Empties the window of the last account at once, so none of it shows under the next. */
  #leave(next: string | null): number {
    this.activeAccountId = next;
    this.deps.emptyWindow(next);
    this.deps.compose.restore(
      next === null ? emptyDraft : (this.#views.get(next)?.draft ?? emptyDraft),
    );
    return ++this.#entries;
  }

  async #enter(accountId: string, entry: number, narrowWanted?: Narrow): Promise<void> {
    let snapshot: Snapshot;
    try {
      snapshot = await this.bridge.getSnapshot({});
    } catch (error) {
      if (entry === this.#entries) this.deps.failed(error);
      return;
    }
    if (entry !== this.#entries || snapshot.accountId !== accountId) return;
    this.deps.sidebar.take(snapshot);
    await this.deps.drafts.load();
    if (entry !== this.#entries) return;
    const saved = this.#views.get(accountId);
    const firstStream = snapshot.streams[0];
    if (narrowWanted) return this.deps.navigation.openNarrow(narrowWanted);
    const narrow: Narrow =
      saved?.narrow ??
      snapshot.lastNarrow ??
      (firstStream ? { kind: 'stream', streamId: firstStream.streamId } : { kind: 'all' });
    const at = saved?.scroll ?? feedEnd;
    // The sidebar showed with the snapshot: a view the reader opened from it
    // since stays, and the feed waits behind it.
    if (this.deps.navigation.view !== 'feed') {
      await this.deps.drafts.follow(narrow);
      await this.deps.feed.open(narrow, at);
      return;
    }
    await this.deps.navigation.openNarrow(narrow, at);
  }

  #saveView(): void {
    const accountId = this.activeAccountId;
    if (accountId === null) return;
    this.#views.set(accountId, {
      narrow: this.deps.feed.narrow ? $state.snapshot(this.deps.feed.narrow) : null,
      scroll: this.deps.feed.scroll,
      draft: this.deps.compose.save(),
    });
  }
}
