import { z } from 'zod';
import { cached } from '../cached';
import { allEventQueues, allNotices } from '../store/eventQueues';
import type { Sql } from '../store/sql';
import type { NoticeRecord } from './noticeRecord';
import type { PendingEvent } from './pendingEvents';
import { EventQueue, type QueueSettings } from './queue';

// What a queue keeps of its register arguments; a key added later needs a
// default here, for queues stored before it existed.
const settingsSchema = z.object({
  eventTypes: z.array(z.string()).nullable().default(null),
  applyMarkdown: z.boolean().default(false),
  clientGravatar: z.boolean().default(false),
  allPublicStreams: z.boolean().default(false),
  narrow: z.array(z.object({ operator: z.string(), operand: z.string() })).default([]),
  bulkMessageDeletion: z.boolean().default(false),
  linkifierUrlTemplate: z.boolean().default(false),
  // Queues stored before the capability was kept were told of typing in
  // channels; they keep hearing of it.
  streamTypingNotifications: z.boolean().default(true),
  archivedChannels: z.boolean().default(false),
  includeDeactivatedGroups: z.boolean().default(false),
  individualEmojiChanges: z.boolean().default(false),
  simplifiedPresenceEvents: z.boolean().default(false),
  // Queues stored before it was kept came from clients of a host without the empty topic.
  emptyTopicName: z.boolean().default(false),
  // Queues stored before it was kept were registered for the host's default.
  idleSeconds: z.number().int().positive().optional(),
});

// Each default as JSON, written once rather than at every registration.
const defaultJson = new Map(
  Object.entries(settingsSchema.parse({})).map(([key, value]) => [key, JSON.stringify(value)]),
);

// A key at its default is left out of the row, the schema giving it back.
// SQLite's page cache keeps the rows it wrote: a queue registered for
// messages alone wrote 344 bytes of settings with every key and writes 60,
// and in bench:events the resident memory per idle queue of 10,000 went from
// 1.1 to 0.6 KB (medians of three runs).
const isDefault = (key: string, value: unknown): boolean =>
  JSON.stringify(value) === defaultJson.get(key);

/** The settings as the store keeps them, the user being a column of their own. */
export function storedSettings(settings: QueueSettings): string {
  const kept = Object.entries(settingsSchema.parse(settings)).filter(
    ([key, value]) => !isDefault(key, value),
  );
  return JSON.stringify(Object.fromEntries(kept));
}

type Delivery = [queueId: string, firstEventId: number, parts: (string | null)[]];

/** How a notice's deliveries are stored: each queue's first event ID (its next, before they are appended) and parts. */
export function storedDeliveries(
  deliveries: readonly { queue: EventQueue; parts: readonly (string | null)[] }[],
): string {
  // Written out by hand: a message reaches thousands of queues whose parts
  // (their readers' flags) are a handful of strings, each escaped once here.
  // One piece per queue, as this runs cold on a host's first message, where
  // every call a piece more costs time in the interpreter.
  const partJson = new Map<string | null, string>();
  let json = '';
  deliveries.forEach(({ queue, parts }) => {
    let partsJson = '';
    for (let index = 0; index < parts.length; index++) {
      partsJson += `${index > 0 ? ',' : ''}${cached(partJson, parts[index] ?? null, JSON.stringify)}`;
    }
    // A queue ID is digits and a colon, which JSON writes as they are.
    json += `${json === '' ? '' : ','}["${queue.id}",${queue.nextEventId},[${partsJson}]]`;
  });
  return `[${json}]`;
}

export interface Restored {
  /** Queues polled within their idle timeout, with the events they have not acknowledged. */
  live: EventQueue[];
  /** Queues idle for longer than their timeout, to collect. */
  expired: string[];
  /** The notices some live queue still holds events of, by ID. */
  notices: Map<number, NoticeRecord>;
  /** Notices nobody waits for any more. */
  spent: number[];
}

/** Restores the queues polled within their idle timeout (`defaultIdleMs` for those that asked for none). */
export function restoreQueues(sql: Sql, now: number, defaultIdleMs: number): Restored {
  const rows = new Map(allEventQueues(sql).map((row) => [row.id, row]));
  const settingsOf = new Map<string, z.output<typeof settingsSchema>>();
  const events = new Map<string, PendingEvent[]>();
  const expired: string[] = [];
  for (const row of rows.values()) {
    const settings = settingsSchema.parse(JSON.parse(row.settings));
    const idleMs = settings.idleSeconds !== undefined ? settings.idleSeconds * 1000 : defaultIdleMs;
    if (row.last_activity < now - idleMs) expired.push(row.id);
    else {
      events.set(row.id, []);
      settingsOf.set(row.id, settings);
    }
  }
  const notices = new Map<number, NoticeRecord>();
  const spent: number[] = [];
  for (const notice of allNotices(sql)) {
    const record = JSON.parse(notice.record) as NoticeRecord;
    let held = false;
    for (const [queueId, firstEventId, parts] of JSON.parse(notice.deliveries) as Delivery[]) {
      const pending = events.get(queueId);
      const row = rows.get(queueId);
      if (!pending || !row) continue;
      parts.forEach((part, index) => {
        const id = firstEventId + index;
        if (id <= row.newest_pruned_id) return;
        pending.push({ id, record, part });
        held = true;
      });
    }
    if (held) notices.set(notice.id, record);
    else spent.push(notice.id);
  }
  const live: EventQueue[] = [];
  for (const row of rows.values()) {
    const pending = events.get(row.id);
    const settings = settingsOf.get(row.id);
    if (!pending || !settings) continue;
    live.push(
      new EventQueue(
        row.id,
        { userId: row.user_id, ...settings },
        { newestPrunedId: row.newest_pruned_id, lastActivity: row.last_activity, events: pending },
      ),
    );
  }
  return { live, expired, notices, spent };
}
