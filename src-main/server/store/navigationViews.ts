import type { Sql } from './sql';

/** Zulip's NavigationViewDict (feature level 390): a view's URL fragment, and its name if not built in. */
export interface NavigationView {
  fragment: string;
  is_pinned: boolean;
  name: string | null;
}

interface NavigationViewRow {
  fragment: string;
  is_pinned: number;
  name: string | null;
}

const asView = (row: NavigationViewRow): NavigationView => ({
  fragment: row.fragment,
  is_pinned: row.is_pinned === 1,
  name: row.name,
});

/** The user's navigation views, in the order they were added. */
export function navigationViewsOf(sql: Sql, userId: number): NavigationView[] {
  return sql
    .all<NavigationViewRow>(
      'SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? ORDER BY id',
      [userId],
    )
    .map(asView);
}

export function navigationViewOf(
  sql: Sql,
  userId: number,
  fragment: string,
): NavigationView | undefined {
  const row = sql.get<NavigationViewRow>(
    'SELECT fragment, is_pinned, name FROM navigation_views WHERE user_id = ? AND fragment = ?',
    [userId, fragment],
  );
  return row && asView(row);
}

export function navigationViewNamed(sql: Sql, userId: number, name: string): boolean {
  return (
    sql.get('SELECT 1 FROM navigation_views WHERE user_id = ? AND name = ?', [userId, name]) !==
    undefined
  );
}

export function insertNavigationView(sql: Sql, userId: number, view: NavigationView): void {
  sql.run(
    `INSERT INTO navigation_views (user_id, fragment, is_pinned, name)
     VALUES (:userId, :fragment, :isPinned, :name)`,
    { userId, fragment: view.fragment, isPinned: Number(view.is_pinned), name: view.name },
  );
}

export function updateNavigationView(
  sql: Sql,
  userId: number,
  fragment: string,
  changes: { isPinned: boolean | null; name: string | null },
): void {
  sql.run(
    `UPDATE navigation_views
     SET is_pinned = coalesce(:isPinned, is_pinned), name = coalesce(:name, name)
     WHERE user_id = :userId AND fragment = :fragment`,
    {
      userId,
      fragment,
      isPinned: changes.isPinned === null ? null : Number(changes.isPinned),
      name: changes.name,
    },
  );
}

export function deleteNavigationView(sql: Sql, userId: number, fragment: string): void {
  sql.run('DELETE FROM navigation_views WHERE user_id = ? AND fragment = ?', [userId, fragment]);
}
