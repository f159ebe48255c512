import type { Sql } from './sql';

/** A notification owed to a user's phones. */
export type OwedPush =
  | {
      id: number;
      user_id: number;
      kind: 'message';
      message_id: number;
      trigger: string;
      /** The group whose mention brought it, if one did. */
      mentioned_user_group_id: number | null;
      failed_tries: number;
    }
  | { id: number; user_id: number; kind: 'remove'; message_ids: number[]; failed_tries: number };

interface OwedRow {
  id: number;
  user_id: number;
  kind: 'message' | 'remove';
  message_id: number | null;
  trigger: string | null;
  mentioned_user_group_id: number | null;
  message_ids: string | null;
  failed_tries: number;
}

/** One reader's notification of a message. */
export interface PushOwed {
  userId: number;
  trigger: string;
  mentionedGroupId: number | null;
}

export function owePushes(sql: Sql, messageId: number, pushes: readonly PushOwed[]): void {
  for (const push of pushes) {
    sql.run(
      `INSERT INTO push_notifications (user_id, kind, message_id, trigger, mentioned_user_group_id)
       VALUES (?, 'message', ?, ?, ?)`,
      [push.userId, messageId, push.trigger, push.mentionedGroupId],
    );
  }
}

/** The next notification owed: the fewest tries first, then the oldest. */
export function nextOwedPush(sql: Sql): OwedPush | undefined {
  const row = sql.get<OwedRow>(
    `SELECT id, user_id, kind, message_id, trigger, mentioned_user_group_id, message_ids, failed_tries
     FROM push_notifications ORDER BY failed_tries, id LIMIT 1`,
  );
  if (!row) return undefined;
  const { id, user_id, failed_tries } = row;
  return row.kind === 'message'
    ? {
        id,
        user_id,
        kind: 'message',
        message_id: row.message_id ?? 0,
        trigger: row.trigger ?? '',
        mentioned_user_group_id: row.mentioned_user_group_id,
        failed_tries,
      }
    : {
        id,
        user_id,
        kind: 'remove',
        message_ids: JSON.parse(row.message_ids ?? '[]') as number[],
        failed_tries,
      };
}

export function dropOwedPush(sql: Sql, id: number): void {
  sql.run('DELETE FROM push_notifications WHERE id = ?', [id]);
}

export function retryOwedPush(sql: Sql, id: number): void {
  sql.run('UPDATE push_notifications SET failed_tries = failed_tries + 1 WHERE id = ?', [id]);
}

/** The message now shows on the user's phones. */
export function markPushActive(sql: Sql, userId: number, messageId: number): void {
  sql.run('INSERT OR IGNORE INTO push_active (user_id, message_id) VALUES (?, ?)', [
    userId,
    messageId,
  ]);
}

export function isPushActive(sql: Sql, userId: number, messageId: number): boolean {
  return (
    sql.get('SELECT 1 AS found FROM push_active WHERE user_id = ? AND message_id = ?', [
      userId,
      messageId,
    ]) !== undefined
  );
}

/** Of `messageIds` (every one when null), those the user's phones show now. */
export function activePushesAmong(
  sql: Sql,
  userId: number,
  messageIds: readonly number[] | null,
): number[] {
  const active = sql
    .all<{ message_id: number }>(
      'SELECT message_id FROM push_active WHERE user_id = ? ORDER BY message_id',
      [userId],
    )
    .map((row) => row.message_id);
  if (messageIds === null || active.length === 0) return active;
  const wanted = new Set(messageIds);
  return active.filter((id) => wanted.has(id));
}

/** Who has which of `messageIds` on their phones now. */
export function activePushesOfMessages(
  sql: Sql,
  messageIds: readonly number[],
): Map<number, number[]> {
  const shown = new Map<number, number[]>();
  const rows = sql.all<{ user_id: number; message_id: number }>(
    `SELECT user_id, message_id FROM push_active
     WHERE message_id IN (SELECT value FROM json_each(?)) ORDER BY user_id, message_id`,
    [JSON.stringify(messageIds)],
  );
  for (const { user_id, message_id } of rows) {
    shown.set(user_id, [...(shown.get(user_id) ?? []), message_id]);
  }
  return shown;
}

/**
 * The messages no longer show on the user's phones, and a remove naming them
 * is owed: Zulip's do_clear_mobile_push_notifications_for_ids, in the
 * caller's transaction.
 */
export function takeDownPushes(sql: Sql, userId: number, messageIds: readonly number[]): void {
  for (const id of messageIds) {
    sql.run('DELETE FROM push_active WHERE user_id = ? AND message_id = ?', [userId, id]);
  }
  sql.run("INSERT INTO push_notifications (user_id, kind, message_ids) VALUES (?, 'remove', ?)", [
    userId,
    JSON.stringify(messageIds),
  ]);
}
