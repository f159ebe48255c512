import type { Linkifier, RealmPlayground } from '../../wire/linkifiers';
import type { Sql } from './sql';

/** The organization's linkifiers in the order they apply (Zulip 7.0's: by ID). */
export function allLinkifiers(sql: Sql): Linkifier[] {
  // Remembered: every message sent and every page of messages read asks.
  return sql.remember('linkifiers', () =>
    sql.all<Linkifier>('SELECT id, pattern, url_template FROM realm_filters ORDER BY id'),
  );
}

export function insertLinkifier(sql: Sql, pattern: string, urlTemplate: string): number {
  return sql.run('INSERT INTO realm_filters (pattern, url_template) VALUES (?, ?)', [
    pattern,
    urlTemplate,
  ]).lastInsertRowid;
}

/** False when there is no linkifier of that ID. */
export function updateLinkifier(
  sql: Sql,
  id: number,
  pattern: string,
  urlTemplate: string,
): boolean {
  return (
    sql.run('UPDATE realm_filters SET pattern = ?, url_template = ? WHERE id = ?', [
      pattern,
      urlTemplate,
      id,
    ]).changes > 0
  );
}

export function deleteLinkifier(sql: Sql, id: number): boolean {
  return sql.run('DELETE FROM realm_filters WHERE id = ?', [id]).changes > 0;
}

/** Zulip 7.0's get_realm_playgrounds: every playground, by ID. */
export function allPlaygrounds(
  sql: Sql,
): Required<Pick<RealmPlayground, 'id' | 'name' | 'pygments_language' | 'url_prefix'>>[] {
  return sql.all(
    'SELECT id, name, pygments_language, url_prefix FROM realm_playgrounds ORDER BY id',
  );
}

export function playgroundExists(sql: Sql, language: string, name: string): boolean {
  return (
    sql.get('SELECT 1 FROM realm_playgrounds WHERE pygments_language = ? AND name = ?', [
      language,
      name,
    ]) !== undefined
  );
}

export function insertPlayground(
  sql: Sql,
  playground: { name: string; pygmentsLanguage: string; urlPrefix: string },
): number {
  return sql.run(
    'INSERT INTO realm_playgrounds (name, pygments_language, url_prefix) VALUES (?, ?, ?)',
    [playground.name, playground.pygmentsLanguage, playground.urlPrefix],
  ).lastInsertRowid;
}

export function deletePlayground(sql: Sql, id: number): boolean {
  return sql.run('DELETE FROM realm_playgrounds WHERE id = ?', [id]).changes > 0;
}
