import type { ChatBridge, Snapshot } from '../../../src-preload/bridge';
import { chooseLanguage } from '../../../src-main/i18n/languages';
import { afterPaint } from './afterPaint';
import type { ComposeAidsStore } from './composeAidsStore.svelte';
import type { ComposeStore } from './composeStore.svelte';
import type { DraftsStore } from './draftsStore.svelte';
import type { FeedStore } from './feedStore.svelte';
import { windowText } from './i18n.svelte';
import type { MessageActionsStore } from './messageActionsStore.svelte';
import type { ReactionsStore } from './reactionsStore.svelte';
import { shareUnchanged } from './shareUnchanged';
import { localeClockHours } from './time';
import { setEmptyTopicName } from './topicLabel.svelte';

/** The stores that read parts of the snapshot, and what the window does once one is taken. */
export interface SnapshotDeps {
  activeAccountId: () => string | null;
  feed: FeedStore;
  messageActions: MessageActionsStore;
  drafts: DraftsStore;
  compose: ComposeStore;
  composeAids: ComposeAidsStore;
  reactions: ReactionsStore;
  /** A snapshot main pushed is taken: the view shown reads again what changed with it. */
  taken: () => void;
  failed: (error: unknown) => void;
}

// The active account's sidebar snapshot, which main pushes anew with every
// change: the window draws it around the messages, and hands its parts to the
// stores that read them (who the reader is, the rules for messages, the
// window's language).
export class SnapshotStore {
  snapshot = $state.raw<Snapshot | null>(null);
  /** A snapshot main sent, waiting for the frame being drawn to be painted. */
  #comingSnapshot: Snapshot | null = null;

  constructor(
    private readonly bridge: ChatBridge,
    private readonly deps: SnapshotDeps,
  ) {}

  /**
   * Zulip's twenty_four_hour_time, for every time the window writes: null
   * follows the locale's clock; Zulip's default (12 hours) until the snapshot comes.
   */
  get clockHours(): 12 | 24 {
    const chosen = this.snapshot?.display.twentyFourHourTime;
    if (chosen === null) return localeClockHours();
    return chosen === true ? 24 : 12;
  }

  /** A snapshot main pushed, taken if its account is on screen. */
  receive(snapshot: Snapshot): void {
    if (snapshot.accountId !== this.deps.activeAccountId()) return;
    // Main sends the sidebar's snapshot with the messages that changed it:
    // behind a new message it is taken once that is painted, so it never
    // holds it up, a newer one meanwhile replacing it. Any other change (a
    // read flag, counts alone) is drawn with it in one frame: a second frame
    // kept the display's beat running, and a message arriving just then
    // waited up to a whole frame for it (bench:ui's slowest arrivals).
    const queued = this.#comingSnapshot !== null;
    this.#comingSnapshot = snapshot;
    if (queued) return;
    if (this.deps.feed.drawingNewMessage) afterPaint(() => this.#takeComingSnapshot());
    else this.#takeComingSnapshot();
  }

  /** The snapshot main sent last, if the account it is for is still on screen. */
  #takeComingSnapshot(): void {
    const snapshot = this.#comingSnapshot;
    this.#comingSnapshot = null;
    if (!snapshot || snapshot.accountId !== this.deps.activeAccountId()) return;
    this.take(snapshot);
    // Snapshots may coalesce a short loss of the link: being online is enough to ask again.
    if (snapshot.connection.state !== 'offline') this.deps.feed.serverBack();
    this.deps.taken();
  }

  take(snapshot: Snapshot): void {
    const before = this.snapshot;
    if (before && before.customEmojiVersion !== snapshot.customEmojiVersion) {
      this.deps.composeAids.forgetEmoji();
      this.deps.reactions.forgetPicker();
    }
    this.snapshot = shareUnchanged(this.snapshot, snapshot);
    this.followLanguage(snapshot);
    this.deps.feed.ownUserId = snapshot.user.userId;
    this.deps.messageActions.ownUserId = snapshot.user.userId;
    this.deps.drafts.ownUserId = snapshot.user.userId;
    this.deps.messageActions.rules = snapshot.messageRules;
    setEmptyTopicName(snapshot.compose.emptyTopicName);
    const topicsPolicies = Object.fromEntries(
      snapshot.streams.map((stream) => [stream.streamId, stream.topicsPolicy]),
    );
    this.deps.compose.topicsPolicies = topicsPolicies;
    this.deps.messageActions.topicsPolicies = topicsPolicies;
  }

  clear(): void {
    this.snapshot = null;
  }

  /**
   * The window speaks the account's default_language where it has that
   * language, else the system's, and writes times in the account's timezone
   * setting.
   */
  followLanguage(snapshot: Snapshot | null): void {
    windowText.useTimeZone(snapshot?.timezone ?? '');
    const language = chooseLanguage([snapshot?.display.language, ...navigator.languages]);
    void windowText.use(language).then(
      async (changed) => {
        if (changed) await this.bridge.useLanguage({ code: language.code });
      },
      (error: unknown) => this.deps.failed(error),
    );
  }
}
