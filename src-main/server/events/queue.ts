import { errors } from '../errors';
import { noticeMatchesNarrow, type QueueNarrowTerm } from './narrow';
import type { Notice } from './notice';
import { eventJson, type NoticeRecord } from './noticeRecord';

export interface QueueSettings {
  userId: number;
  eventTypes: readonly string[] | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  narrow: readonly QueueNarrowTerm[];
  /** The register client_capabilities flag for one delete_message event listing every ID. */
  bulkMessageDeletion: boolean;
}

/** An event waiting in a queue: its ID, its notice and this queue's part of it. */
export interface PendingEvent {
  id: number;
  record: NoticeRecord;
  part: string | null;
}

export interface QueuePosition {
  /** The last event ID acknowledged and dropped; -1 before any. */
  newestPrunedId: number;
  lastActivity: number;
  events: PendingEvent[];
}

/** Takes the pending events as a JSON array. */
type Waiter = (events: string) => void;

/** One client's queue: the events it has not acknowledged and, while it polls, its waiting request. */
export class EventQueue {
  private events: PendingEvent[];
  private waiter: Waiter | undefined;
  newestPrunedId: number;
  lastActivity: number;
  nextEventId: number;

  constructor(
    readonly id: string,
    readonly settings: QueueSettings,
    position: QueuePosition,
  ) {
    this.events = position.events;
    this.newestPrunedId = position.newestPrunedId;
    this.lastActivity = position.lastActivity;
    this.nextEventId = Math.max(position.newestPrunedId, position.events.at(-1)?.id ?? -1) + 1;
  }

  get isWaiting(): boolean {
    return this.waiter !== undefined;
  }

  wants(notice: Notice): boolean {
    const { eventTypes, narrow } = this.settings;
    if (eventTypes && !eventTypes.includes(notice.type)) return false;
    return notice.kind !== 'message' || noticeMatchesNarrow(narrow, notice);
  }

  /** Appends events already stored under the IDs from `nextEventId` on; wakes nobody. */
  append(record: NoticeRecord, parts: readonly (string | null)[]): void {
    for (const part of parts) this.events.push({ id: this.nextEventId++, record, part });
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
    const kept = this.events.findIndex((event) => event.id > lastEventId);
    const dropped = kept === -1 ? this.events.length : kept;
    const newest = this.events[dropped - 1];
    if (newest) {
      this.newestPrunedId = newest.id;
      this.events = this.events.slice(dropped);
    }
    if (lastEventId !== this.newestPrunedId) {
      throw errors.badRequest(`Event ${lastEventId} was not in this queue`);
    }
  }

  /** The events not yet acknowledged, as the JSON array GET /events answers with. */
  pendingJson(): string {
    return `[${this.events.map((event) => eventJson(event.id, event.record, event.part, this)).join(',')}]`;
  }

  get hasPending(): boolean {
    return this.events.length > 0;
  }

  /** The notices this queue still holds events of. */
  collectRecords(into: Set<NoticeRecord>): void {
    for (const event of this.events) into.add(event.record);
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
