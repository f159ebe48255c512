import type {
  Message,
  Narrow,
  PersonStatus,
  PlaygroundView,
  WidgetAction,
} from '../../../src-preload/bridge';
import type { MessageActionsStore } from './messageActionsStore.svelte';
import type { MutedUsersStore } from './mutedUsersStore.svelte';
import type { ReactionsStore } from './reactionsStore.svelte';
import type { Match } from './searchStore.svelte';

/** What a message list needs from the window around it: who reads, stream colours, and where clicks go. */
export interface MessageView {
  ownUserId: number;
  /** Zulip's twenty_four_hour_time: the clock the messages' times are written on. */
  readonly clockHours: 12 | 24;
  /** A guest whose name the organization asks to follow with "(guest)". */
  isMarkedGuest(userId: number): boolean;
  /** Someone's status, shown beside their name; undefined when they set none. */
  statusOf(userId: number): PersonStatus | undefined;
  /** A message of emoji alone shows them large, as the server's version draws it. */
  readonly largeEmoji: boolean;
  /** The reader's colour for a stream; null for one they are not subscribed to. */
  streamColor(streamId: number | undefined): string | null;
  openNarrow(narrow: Narrow): void;
  /** Whether the reader follows the topic; null where the server has no followed topics. */
  topicFollowed(streamId: number, topic: string): boolean | null;
  /** Zulip's "Follow topic" and "Unfollow topic"; a refusal is told as the message menu's are. */
  setTopicFollowed(streamId: number, topic: string, followed: boolean): void;
  toggleStar(message: Message): void;
  /** A search result's content and topic with what matched highlighted; null outside search. */
  match: ((message: Message) => Match | null) | null;
  /** The message menu's actions. */
  actions: MessageActionsStore;
  /** Reactions and the emoji picker. */
  reactions: ReactionsStore;
  /** Votes on a poll, adds an option or a task, ticks a task; false when refused (and said why). */
  widgetAction(messageId: number, action: WidgetAction): Promise<boolean>;
  /** Whom the reader muted: their messages are hidden until shown. */
  muting: MutedUsersStore;
  /** False for a message the list leaves out: a one-to-one direct message with someone muted, outside its own conversation. */
  shows(message: Message): boolean;
  /** Zulip's "Delete topic" for the message's topic, asked first; null where the reader may not delete it. */
  deleteTopic(message: Message): (() => void) | null;
  /** The narrow the list shows, which "mark as unread from here" goes down; null for search results. */
  readonly narrow: Narrow | null;
  /**
   * Watches an unread message's element, to mark it read once seen; returns
   * the function that stops. Null where seeing does not mark messages read.
   */
  watchSeen: ((node: Element, messageId: number) => () => void) | null;
  /** Shows the uploaded images of a message's HTML as they come into view; returns the function that stops. */
  showImages(node: Element): () => void;
  /** The code playgrounds a code block of this language offers "View in" (Zulip's realm_playgrounds). */
  playgroundsFor(language: string): readonly PlaygroundView[];
  /** Opens an image of a message large, over the window: its file's link, and its name. */
  openImage(href: string, name: string): void;
}
