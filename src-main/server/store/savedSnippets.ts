import type { SavedSnippet } from '../../wire/savedSnippets';
import type { Sql } from './sql';

const columns = 'id, title, content, date_created';

/** The user's snippets, in the order they were saved. */
export function savedSnippetsOf(sql: Sql, userId: number): SavedSnippet[] {
  return sql.all<SavedSnippet>(
    `SELECT ${columns} FROM saved_snippets WHERE user_id = ? ORDER BY id`,
    [userId],
  );
}

export function savedSnippetById(sql: Sql, userId: number, id: number): SavedSnippet | undefined {
  return sql.get<SavedSnippet>(
    `SELECT ${columns} FROM saved_snippets WHERE id = ? AND user_id = ?`,
    [id, userId],
  );
}

export function insertSavedSnippet(
  sql: Sql,
  userId: number,
  snippet: Omit<SavedSnippet, 'id'>,
): number {
  return sql.run(
    `INSERT INTO saved_snippets (user_id, title, content, date_created)
     VALUES (:userId, :title, :content, :date_created)`,
    { userId, ...snippet },
  ).lastInsertRowid;
}

export function updateSavedSnippet(
  sql: Sql,
  userId: number,
  id: number,
  changes: { title?: string; content?: string },
): void {
  sql.run(
    `UPDATE saved_snippets SET title = coalesce(:title, title), content = coalesce(:content, content)
     WHERE id = :id AND user_id = :userId`,
    { id, userId, title: changes.title ?? null, content: changes.content ?? null },
  );
}

/** False when the user had no such snippet. */
export function deleteSavedSnippetRow(sql: Sql, userId: number, id: number): boolean {
  return (
    sql.run('DELETE FROM saved_snippets WHERE id = ? AND user_id = ?', [id, userId]).changes > 0
  );
}
