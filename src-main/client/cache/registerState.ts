import { z } from 'zod';
import { applyEvent, type ApplyOptions } from '../../reducer/applyEvent';
import type { InitialState } from '../../wire/registerState';
import { subscriptionSchema, unreadMsgsSchema, userSchema, type QueuedEvent } from '../../wire';
import { mutedUserSchema } from '../../wire/mutedUsers';
import type { CacheDb } from './cacheDb';

/**
 * Where the event queue stood when the state was saved: the state and its
 * position are saved together, so that resuming the queue from the position
 * brings exactly the events the saved state lacks.
 */
export interface QueuePosition {
  queueId: string | null;
  lastEventId: number;
}

export interface SavedRegisterState extends QueuePosition {
  state: InitialState;
}

/** How a session applies its queue's events to its state; the saved state is rebuilt the same way. */
export const sessionEventOptions: ApplyOptions = { includeSubscribers: false };

/** What the saved state and the events kept since it weigh, in characters of JSON. */
export interface SavedStateWeight {
  state: number;
  events: number;
}

// The parts of the state the cache and an offline window read are checked;
// the rest is kept as the server sent it.
const savedStateSchema = z.looseObject({
  user_id: z.number().int().optional(),
  subscriptions: z.array(subscriptionSchema).optional(),
  realm_users: z.array(userSchema).optional(),
  realm_non_active_users: z.array(userSchema).optional(),
  unread_msgs: unreadMsgsSchema.optional(),
  user_topics: z
    .array(
      z.object({
        stream_id: z.number().int(),
        topic_name: z.string(),
        last_updated: z.number().int(),
        visibility_policy: z.number().int(),
      }),
    )
    .optional(),
  muted_topics: z.array(z.tuple([z.string(), z.string(), z.number()])).optional(),
  muted_users: z.array(mutedUserSchema).optional(),
});

/** The whole state with its position; the events kept since the last whole one go. */
export function saveRegisterState(
  db: CacheDb,
  state: InitialState,
  queue: QueuePosition,
): SavedStateWeight {
  const json = JSON.stringify(state);
  db.transaction(() => {
    db.run(
      `INSERT OR REPLACE INTO register_state (id, state, user_id, queue_id, last_event_id)
       VALUES (1, ?, ?, ?, ?)`,
      json,
      state.user_id ?? null,
      queue.queueId,
      queue.lastEventId,
    );
    db.run('DELETE FROM register_events');
  });
  return { state: json.length, events: 0 };
}

/** Events applied to the saved state (each as JSON), kept with the position they bring it to. */
export function appendRegisterEvents(
  db: CacheDb,
  events: readonly string[],
  queue: QueuePosition,
): void {
  db.transaction(() => {
    for (const event of events) db.run('INSERT INTO register_events (event) VALUES (?)', event);
    db.run(
      'UPDATE register_state SET queue_id = ?, last_event_id = ? WHERE id = 1',
      queue.queueId,
      queue.lastEventId,
    );
  });
}

export function savedStateWeight(db: CacheDb): SavedStateWeight {
  const row = db.get<{ state: number | null; events: number }>(
    `SELECT (SELECT length(state) FROM register_state WHERE id = 1) AS state,
            (SELECT coalesce(sum(length(event)), 0) FROM register_events) AS events`,
  );
  return { state: row?.state ?? 0, events: row?.events ?? 0 };
}

const keptEventSchema = z.looseObject({ id: z.number().int(), type: z.string() });

/**
 * The state as last saved whole, with the events kept since applied as the
 * session applied them; null where there is none, or where it cannot be
 * rebuilt (then the session registers afresh).
 */
export function loadRegisterState(db: CacheDb): SavedRegisterState | null {
  const row = db.get<{ state: string; queue_id: string | null; last_event_id: number }>(
    'SELECT state, queue_id, last_event_id FROM register_state WHERE id = 1',
  );
  if (!row) return null;
  const parsed = savedStateSchema.safeParse(parseJson(row.state));
  if (!parsed.success) return null;
  let state = parsed.data as InitialState;
  for (const { event } of db.all<{ event: string }>(
    'SELECT event FROM register_events ORDER BY seq',
  )) {
    const kept = keptEventSchema.safeParse(parseJson(event));
    if (!kept.success) return null;
    state = applyEvent(state, kept.data as QueuedEvent, sessionEventOptions);
  }
  return { state, queueId: row.queue_id, lastEventId: row.last_event_id };
}

export function ownUserId(db: CacheDb): number | null {
  return (
    db.get<{ user_id: number | null }>('SELECT user_id FROM register_state WHERE id = 1')
      ?.user_id ?? null
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Records that the server answered at `at` (milliseconds since the epoch). */
export function recordSync(db: CacheDb, at: number): void {
  db.run('INSERT OR REPLACE INTO sync_times (id, last_sync_at) VALUES (1, ?)', at);
}

export function lastSync(db: CacheDb): number | null {
  return (
    db.get<{ last_sync_at: number }>('SELECT last_sync_at FROM sync_times WHERE id = 1')
      ?.last_sync_at ?? null
  );
}
