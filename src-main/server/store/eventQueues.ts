import type { Sql } from './sql';

export interface EventQueueRow {
  id: string;
  user_id: number;
  /** JSON: the register arguments the queue keeps. */
  settings: string;
  newest_pruned_id: number;
  /** Milliseconds since the epoch, so that idle time spans restarts. */
  last_activity: number;
}

export interface NoticeRow {
  id: number;
  /** JSON: what the notice shows to every queue it reaches. */
  record: string;
  /** JSON: `[queue_id, first_event_id, [part, ...]]` for each queue it reached. */
  deliveries: string;
}

/** Queue IDs start with a generation higher than any before it, even within one second. */
export function nextQueueGeneration(sql: Sql, nowSeconds: number): number {
  return sql.transaction(() => {
    const last = sql.get<{ generation: number }>(
      'SELECT generation FROM event_queue_generation WHERE id = 1',
    );
    const generation = Math.max(nowSeconds, (last?.generation ?? 0) + 1);
    sql.run(
      `INSERT INTO event_queue_generation (id, generation) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET generation = excluded.generation`,
      [generation],
    );
    return generation;
  });
}

export function insertEventQueue(sql: Sql, row: EventQueueRow): void {
  sql.run(
    `INSERT INTO event_queues (id, user_id, settings, newest_pruned_id, last_activity)
     VALUES (:id, :user_id, :settings, :newest_pruned_id, :last_activity)`,
    row,
  );
}

export function deleteEventQueues(sql: Sql, queueIds: readonly string[]): void {
  sql.transaction(() => {
    for (const id of queueIds) sql.run('DELETE FROM event_queues WHERE id = ?', [id]);
  });
}

/** Records acknowledgements and activity: events up to `newestPrunedId` are gone for good. */
export function updateEventQueues(
  sql: Sql,
  queues: readonly { id: string; newestPrunedId: number; lastActivity: number }[],
): void {
  sql.transaction(() => {
    for (const queue of queues) {
      sql.run('UPDATE event_queues SET newest_pruned_id = ?, last_activity = ? WHERE id = ?', [
        queue.newestPrunedId,
        queue.lastActivity,
        queue.id,
      ]);
    }
  });
}

export function insertNotice(sql: Sql, record: string, deliveries: string): number {
  return sql.run('INSERT INTO event_notices (record, deliveries) VALUES (?, ?)', [
    record,
    deliveries,
  ]).lastInsertRowid;
}

export function deleteNotices(sql: Sql, noticeIds: readonly number[]): void {
  sql.transaction(() => {
    for (const id of noticeIds) sql.run('DELETE FROM event_notices WHERE id = ?', [id]);
  });
}

export function allEventQueues(sql: Sql): EventQueueRow[] {
  return sql.all<EventQueueRow>('SELECT * FROM event_queues');
}

/** In the order they were written, which is each queue's order of event IDs. */
export function allNotices(sql: Sql): NoticeRow[] {
  return sql.all<NoticeRow>('SELECT * FROM event_notices ORDER BY id');
}
