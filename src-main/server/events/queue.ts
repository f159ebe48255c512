import { errors } from '../errors';
import { noticeMatchesNarrow, type QueueNarrowTerm } from './narrow';
import type { Notice, NoticeCapabilities } from './notice';
import { eventJson, type NoticeRecord } from './noticeRecord';
import { PendingEvents, type PendingEvent } from './pendingEvents';

export interface QueueSettings extends NoticeCapabilities {
  userId: number;
  eventTypes: readonly string[] | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  narrow: readonly QueueNarrowTerm[];
  /** The register client_capabilities flag for one delete_message event listing every ID. */
  bulkMessageDeletion: boolean;
  /**
   * The linkifier_url_template capability: without it Zulip (feature level
   * 176) sends no realm_linkifiers events, the templates being new to the client.
   */
  linkifierUrlTemplate?: boolean;
  /**
   * The stream_typing_notifications capability: Zulip tells only the clients
   * that declared it of typing in channels, older ones knowing only typing in
   * direct messages.
   */
  streamTypingNotifications?: boolean;
  /**
   * The empty_topic_name capability (Zulip 10, feature level 334): without
   * it a client reads the empty topic by its display name in every event.
   */
  emptyTopicName?: boolean;
  /** The client's idle_queue_timeout in seconds; the host's default when not given. */
  idleSeconds?: number | undefined;
}

export interface QueuePosition {
  /** The last event ID acknowledged and dropped; -1 before any. */
  newestPrunedId: number;
  lastActivity: number;
  events: readonly PendingEvent[];
}

/** Takes the pending events as a JSON array. */
type Waiter = (events: string) => void;

/** One client's queue: the events it has not acknowledged and, while it polls, its waiting request. */
export class EventQueue {
  private readonly events = new PendingEvents();
  private waiter: Waiter | undefined;
  newestPrunedId: number;
  lastActivity: number;
  /**
   * When it was last polled, in the host's awake time, which EventQueues
   * keeps: a sleep of the host ages no queue. A field, not a WeakMap entry
   * beside it, which held 18 bytes more a queue.
   */
  polledAt = 0;
  nextEventId: number;

  constructor(
    readonly id: string,
    readonly settings: QueueSettings,
    position: QueuePosition,
  ) {
    for (const { id, record, part } of position.events) this.events.push(id, record, part);
    this.newestPrunedId = position.newestPrunedId;
    this.lastActivity = position.lastActivity;
    this.nextEventId = Math.max(position.newestPrunedId, this.events.lastId ?? -1) + 1;
  }

  get isWaiting(): boolean {
    return this.waiter !== undefined;
  }

  /** Whether the queue was registered for events of `type` (all of them, when no event_types were given). */
  takes(type: string): boolean {
    const { eventTypes } = this.settings;
    return eventTypes === null || eventTypes.includes(type);
  }

  wants(notice: Notice): boolean {
    const { narrow } = this.settings;
    if (!this.takes(notice.type)) return false;
    if (notice.type === 'realm_linkifiers' && !this.settings.linkifierUrlTemplate) return false;
    if (notice.kind === 'plain' && notice.reaches && !notice.reaches(this.settings)) return false;
    if (
      notice.type === 'typing' &&
      notice.kind === 'plain' &&
      notice.payload.message_type === 'stream' &&
      !this.settings.streamTypingNotifications
    ) {
      return false;
    }
    return notice.kind !== 'message' || noticeMatchesNarrow(narrow, notice);
  }

  /** Appends events already stored under the IDs from `nextEventId` on; wakes nobody. */
  append(record: NoticeRecord, parts: readonly (string | null)[]): void {
    // Indexed: a send runs this for thousands of queues, often before it is
    // optimized, and an unoptimized for…of leaves objects behind per step.
    for (let index = 0; index < parts.length; index++) {
      this.events.push(this.nextEventId++, record, parts[index] ?? null);
    }
  }

  /**
   * Zulip's fetch_events: the client names the last event it processed, and
   * everything up to it is dropped. Going back behind what is already dropped,
   * or naming an ID the queue never reached, is an error (after dropping).
   */
  acknowledge(lastEventId: number): void {
    if (lastEventId < this.newestPrunedId) {
      throw errors.badRequest(`An event newer than ${lastEventId} has already been pruned!`);
    }
    this.newestPrunedId = this.events.dropThrough(lastEventId) ?? this.newestPrunedId;
    if (lastEventId !== this.newestPrunedId) {
      throw errors.badRequest(`Event ${lastEventId} was not in this queue`);
    }
  }

  /** The events not yet acknowledged, as the JSON array GET /events answers with. */
  pendingJson(): string {
    let json = '';
    this.events.forEach((id, record, part) => {
      json += `${json === '' ? '' : ','}${eventJson(id, record, part, this)}`;
    });
    return `[${json}]`;
  }

  get hasPending(): boolean {
    return this.events.size > 0;
  }

  /** The notices this queue still holds events of. */
  collectRecords(into: Set<NoticeRecord>): void {
    this.events.forEach((_id, record) => into.add(record));
  }

  /** Hands `waiter` the pending events when woken; a second poll supersedes the first, as in Zulip. */
  waitForEvents(waiter: Waiter): void {
    this.wake();
    this.waiter = waiter;
  }

  wake(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = undefined;
    waiter(this.pendingJson());
  }
}
