import type { Narrow } from '../../../src-preload/bridge';
import { soundToPlay, type HearthSound, type Message } from '../../wire';
import type { Cache } from '../cache/accountCache';
import { keepNewest } from '../keepNewest';
import { cacheNotifyContext } from '../notify/context';
import {
  catchUpSummary,
  decide,
  decideEdit,
  type Notice,
  type NotifySettings,
} from '../notify/policy';
import type { Arrivals } from '../session/liveLink';
import { privateNarrow } from '../views/narrows';

/** What one account asks of the desktop for one message, or for a catch-up. */
export interface Alert {
  /** What the desktop notification says; null for a sound alone. */
  notice: Notice | null;
  sound: HearthSound | null;
  /** The conversation a click on the notification opens. */
  narrow: Narrow;
}

// Enough to recognize an edit of any message that notified lately.
const rememberedNotified = 1_000;
// A catch-up of more is summed up from its newest unread messages.
const summaryReadLimit = 5_000;

/** The conversation a message belongs to, as the window opens it. */
export function conversationOf(message: Message, ownUserId: number): Narrow {
  if (message.type === 'stream' && message.stream_id !== undefined) {
    return { kind: 'stream', streamId: message.stream_id, topic: message.subject };
  }
  const users = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  return privateNarrow(
    users.map((user) => user.id),
    ownUserId,
  );
}

export interface AlertSources {
  cache: Cache;
  ownUserId(): number;
  settings(): NotifySettings;
  /** The message belongs to the conversation the focused window shows. */
  onScreen(message: Message): boolean;
  /** What the organization calls the empty topic ("general chat"). */
  emptyTopicName(): string;
  /** Whom the reader muted: their messages never notify. */
  mutedUserIds(): readonly number[];
}

/**
 * Turns what one account's session brought into alerts, by the notification
 * policy: live messages one by one, an edit that newly mentions the reader
 * once, and whatever waited on the server as one summary.
 */
export class AccountAlerts {
  readonly #sources: AlertSources;
  readonly #notified = new Set<number>();

  constructor(sources: AlertSources) {
    this.#sources = sources;
  }

  fromArrivals(arrivals: Arrivals): Alert[] {
    const { cache } = this.#sources;
    const arrived = cache.messagesAmong({ kind: 'all' }, arrivals.newIds);
    if (!arrivals.live) {
      const summary = this.#summary(arrived);
      return summary ? [summary] : [];
    }
    const context = this.#context();
    const alerts: Alert[] = [];
    for (const message of arrived) {
      const decision = decide(message, message.flags ?? [], context);
      this.#collect(alerts, message, decision);
    }
    if (arrivals.edits.length > 0) {
      const edited = cache.messagesAmong(
        { kind: 'all' },
        arrivals.edits.map((edit) => edit.id),
      );
      const before = new Map(arrivals.edits.map((edit) => [edit.id, edit.flagsBefore]));
      for (const message of edited) {
        const decision = decideEdit(
          message,
          before.get(message.id) ?? [],
          message.flags ?? [],
          context,
          this.#notified.has(message.id),
        );
        if (decision) this.#collect(alerts, message, decision);
      }
    }
    return alerts;
  }

  /** After a lost queue's catch-up: one summary of what would have notified. */
  afterCatchUp(afterId: number): Alert[] {
    const summary = this.#summary(
      this.#sources.cache.unreadMessagesAfter(afterId, summaryReadLimit),
    );
    return summary ? [summary] : [];
  }

  #summary(messages: readonly Message[]): Alert | null {
    const context = this.#context();
    const summary = catchUpSummary(
      messages.map((message) => ({ message, flags: message.flags ?? [] })),
      context,
    );
    if (!summary) return null;
    const { settings } = context;
    const me = this.#sources.ownUserId();
    const narrows = summary.messages.map((message) => conversationOf(message, me));
    const first = narrows[0];
    const oneConversation =
      first !== undefined &&
      narrows.every((narrow) => JSON.stringify(narrow) === JSON.stringify(first));
    return {
      notice: { title: summary.title, body: summary.body },
      sound: settings.enable_sounds ? soundToPlay(settings.notification_sound) : null,
      narrow: oneConversation ? first : { kind: 'all' },
    };
  }

  #collect(alerts: Alert[], message: Message, decision: ReturnType<typeof decide>): void {
    const sound = decision.sound === null ? null : soundToPlay(decision.sound);
    if (!decision.notice && !sound) return;
    this.#notified.add(message.id);
    keepNewest(this.#notified, rememberedNotified);
    alerts.push({
      notice: decision.notice,
      sound,
      narrow: conversationOf(message, this.#sources.ownUserId()),
    });
  }

  #context() {
    const { cache, ownUserId, settings, onScreen, emptyTopicName, mutedUserIds } = this.#sources;
    return cacheNotifyContext(
      cache,
      ownUserId(),
      settings(),
      onScreen,
      emptyTopicName(),
      mutedUserIds(),
    );
  }
}
