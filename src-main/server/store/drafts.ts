import type { ServerDraft } from '../../wire/drafts';
import type { Sql } from './sql';

/** A draft as it is stored: `to` already resolved, the edit time in fractional seconds. */
export interface DraftRecord {
  type: ServerDraft['type'];
  to: number[];
  topic: string;
  content: string;
  lastEditTime: number;
}

interface DraftRow {
  id: number;
  type: ServerDraft['type'];
  recipient_ids: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

// Zulip's Draft.to_dict answers the edit time in whole seconds.
const toWire = (row: DraftRow): ServerDraft => ({
  id: row.id,
  type: row.type,
  to: JSON.parse(row.recipient_ids) as number[],
  topic: row.topic,
  content: row.content,
  timestamp: Math.trunc(row.last_edit_time),
});

const columns = 'id, type, recipient_ids, topic, content, last_edit_time';

/**
 * The user's drafts: `newestFirst` as /register lists them (at most `limit`),
 * otherwise the oldest edit first, as GET /drafts does.
 */
export function draftsOf(
  sql: Sql,
  userId: number,
  order: 'newestFirst' | 'oldestFirst',
  limit = -1,
): ServerDraft[] {
  const direction = order === 'newestFirst' ? 'DESC' : 'ASC';
  return sql
    .all<DraftRow>(
      `SELECT ${columns} FROM drafts WHERE user_id = ?
       ORDER BY last_edit_time ${direction}, id ${direction} LIMIT ?`,
      [userId, limit],
    )
    .map(toWire);
}

export function draftById(sql: Sql, userId: number, id: number): ServerDraft | undefined {
  const row = sql.get<DraftRow>(`SELECT ${columns} FROM drafts WHERE id = ? AND user_id = ?`, [
    id,
    userId,
  ]);
  return row && toWire(row);
}

const values = (userId: number, draft: DraftRecord) => ({
  userId,
  type: draft.type,
  to: JSON.stringify(draft.to),
  topic: draft.topic,
  content: draft.content,
  at: draft.lastEditTime,
});

export function insertDraft(sql: Sql, userId: number, draft: DraftRecord): number {
  return sql.run(
    `INSERT INTO drafts (user_id, type, recipient_ids, topic, content, last_edit_time)
     VALUES (:userId, :type, :to, :topic, :content, :at)`,
    values(userId, draft),
  ).lastInsertRowid;
}

export function updateDraft(sql: Sql, userId: number, id: number, draft: DraftRecord): void {
  sql.run(
    `UPDATE drafts SET type = :type, recipient_ids = :to, topic = :topic, content = :content,
       last_edit_time = :at WHERE id = :id AND user_id = :userId`,
    { ...values(userId, draft), id },
  );
}

/** False when the user had no such draft. */
export function deleteDraftRow(sql: Sql, userId: number, id: number): boolean {
  return sql.run('DELETE FROM drafts WHERE id = ? AND user_id = ?', [id, userId]).changes > 0;
}

export function deleteAllDrafts(sql: Sql, userId: number): void {
  sql.run('DELETE FROM drafts WHERE user_id = ?', [userId]);
}
