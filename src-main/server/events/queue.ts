import type { DeletionNotice, Notice, QueuedEvent } from './notice';
import { noticeMatchesNarrow, type QueueNarrowTerm } from './narrow';

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

type Waiter = (events: QueuedEvent[]) => void;

export class EventQueue {
  private events: QueuedEvent[] = [];
  private nextEventId = 0;
  private waiter: Waiter | undefined;
  lastActivity: number;

  constructor(
    readonly id: string,
    readonly settings: QueueSettings,
    now: number,
  ) {
    this.lastActivity = now;
  }

  get isWaiting(): boolean {
    return this.waiter !== undefined;
  }

  wants(notice: Notice): boolean {
    const { eventTypes, narrow } = this.settings;
    if (eventTypes && !eventTypes.includes(notice.type)) return false;
    return notice.kind !== 'message' || noticeMatchesNarrow(narrow, notice);
  }

  deliver(notice: Notice): void {
    if (notice.kind === 'plain') {
      this.push({ type: notice.type, ...notice.payload });
      return;
    }
    if (notice.kind === 'deletion') {
      this.deliverDeletion(notice);
      return;
    }
    const { userId, applyMarkdown, clientGravatar } = this.settings;
    const localEcho = notice.localEcho?.queueId === this.id ? notice.localEcho : null;
    this.push({
      type: 'message',
      message: notice.render({ applyMarkdown, clientGravatar }),
      flags: notice.flagsFor(userId),
      ...(localEcho ? { local_message_id: localEcho.localId } : {}),
    });
  }

  // Zulip's process_deletion_event: a client without bulk_message_deletion
  // gets one event per message, with `message_id` in place of `message_ids`.
  private deliverDeletion(notice: DeletionNotice): void {
    if (this.settings.bulkMessageDeletion) {
      this.push({ type: notice.type, message_ids: [...notice.messageIds], ...notice.details });
      return;
    }
    for (const messageId of notice.messageIds) {
      this.push({ type: notice.type, message_id: messageId, ...notice.details });
    }
  }

  push(event: { type: string } & Record<string, unknown>): void {
    this.events.push({ ...event, id: this.nextEventId++ });
    this.wake();
  }

  /** Zulip clients acknowledge by sending the last ID they processed. */
  acknowledge(lastEventId: number): void {
    this.events = this.events.filter((event) => event.id > lastEventId);
  }

  pending(): QueuedEvent[] {
    return [...this.events];
  }

  /** Resolves with the pending events as soon as there are any, or [] when woken empty. */
  waitForEvents(): Promise<QueuedEvent[]> {
    this.wake();
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  wake(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    this.waiter = undefined;
    waiter(this.pending());
  }
}
