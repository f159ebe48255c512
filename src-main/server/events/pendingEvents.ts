import type { NoticeRecord } from './noticeRecord';

/** An event waiting in a queue: its ID, its notice and this queue's part of it. */
export interface PendingEvent {
  id: number;
  record: NoticeRecord;
  part: string | null;
}

/**
 * A queue's unacknowledged events, oldest first, in three columns that keep
 * their length from one poll to the next. A client polling every second then
 * appends and acknowledges without allocating: an object per event and a new
 * array per acknowledgement lived just long enough (from the send to the next
 * poll) to be promoted, and a thousand polling queues filled the old
 * generation with them until a full collection landed on a delivery.
 */
export class PendingEvents {
  private readonly ids: number[] = [];
  private readonly records: (NoticeRecord | undefined)[] = [];
  private readonly parts: (string | null)[] = [];
  /** How many of the columns' slots hold events; the rest are cleared and reused. */
  private count = 0;

  get size(): number {
    return this.count;
  }

  get lastId(): number | undefined {
    return this.count > 0 ? this.ids[this.count - 1] : undefined;
  }

  push(id: number, record: NoticeRecord, part: string | null): void {
    this.ids[this.count] = id;
    this.records[this.count] = record;
    this.parts[this.count] = part;
    this.count += 1;
  }

  /** Drops every event up to `lastId`; returns the ID of the newest dropped, if any. */
  dropThrough(lastId: number): number | undefined {
    let dropped = 0;
    while (dropped < this.count && (this.ids[dropped] ?? Infinity) <= lastId) dropped += 1;
    if (dropped === 0) return undefined;
    const newest = this.ids[dropped - 1];
    const kept = this.count - dropped;
    this.ids.copyWithin(0, dropped, this.count);
    this.records.copyWithin(0, dropped, this.count);
    this.parts.copyWithin(0, dropped, this.count);
    // Cleared, so that a dropped notice is not kept alive by a slot.
    this.records.fill(undefined, kept, this.count);
    this.parts.fill(null, kept, this.count);
    this.count = kept;
    return newest;
  }

  /** Calls `visit` with each event, oldest first. */
  forEach(visit: (id: number, record: NoticeRecord, part: string | null) => void): void {
    for (let index = 0; index < this.count; index++) {
      const record = this.records[index];
      const id = this.ids[index];
      if (record !== undefined && id !== undefined) visit(id, record, this.parts[index] ?? null);
    }
  }
}
