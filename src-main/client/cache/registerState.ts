import { z } from 'zod';
import type { InitialState } from '../../wire/registerState';
import { subscriptionSchema, unreadMsgsSchema, userSchema } from '../../wire';
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

export function saveRegisterState(db: CacheDb, state: InitialState, queue: QueuePosition): void {
  db.run(
    `INSERT OR REPLACE INTO register_state (id, state, user_id, queue_id, last_event_id)
     VALUES (1, ?, ?, ?, ?)`,
    JSON.stringify(state),
    state.user_id ?? null,
    queue.queueId,
    queue.lastEventId,
  );
}

export function loadRegisterState(db: CacheDb): SavedRegisterState | null {
  const row = db.get<{ state: string; queue_id: string | null; last_event_id: number }>(
    'SELECT state, queue_id, last_event_id FROM register_state WHERE id = 1',
  );
  if (!row) return null;
  const parsed = savedStateSchema.safeParse(parseJson(row.state));
  if (!parsed.success) return null;
  return {
    state: parsed.data as InitialState,
    queueId: row.queue_id,
    lastEventId: row.last_event_id,
  };
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
