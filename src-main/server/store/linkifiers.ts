import type { Sql } from './sql';

/** A linkifier as Zulip 12 lists it (feature levels 471 and 478 added the last three). */
export interface LinkifierRecord {
  id: number;
  pattern: string;
  url_template: string;
  example_input: string | null;
  reverse_template: string | null;
  alternative_url_templates: string[];
}

/** What an administrator gives of a linkifier, already trimmed. */
export interface LinkifierFields {
  pattern: string;
  urlTemplate: string;
  exampleInput: string | null;
  reverseTemplate: string | null;
  alternativeUrlTemplates: readonly string[];
}

interface LinkifierRow extends Omit<LinkifierRecord, 'alternative_url_templates'> {
  alternative_url_templates: string;
}

/** The organization's linkifiers in the order they apply (feature level 202: their own order). */
export function allLinkifiers(sql: Sql): LinkifierRecord[] {
  // Remembered: every message sent and every page of messages read asks.
  return sql.rememberFrom('realm_filters', 'all', () =>
    sql
      .all<LinkifierRow>(
        `SELECT id, pattern, url_template, example_input, reverse_template,
           alternative_url_templates
         FROM realm_filters ORDER BY "order", id`,
      )
      .map((row) => ({
        ...row,
        alternative_url_templates: JSON.parse(row.alternative_url_templates) as string[],
      })),
  );
}

const columns = (fields: LinkifierFields) => ({
  pattern: fields.pattern,
  urlTemplate: fields.urlTemplate,
  exampleInput: fields.exampleInput,
  reverseTemplate: fields.reverseTemplate,
  alternatives: JSON.stringify(fields.alternativeUrlTemplates),
});

/** A new linkifier applies after all the others, as in Zulip. */
export function insertLinkifier(sql: Sql, fields: LinkifierFields): number {
  return sql.run(
    `INSERT INTO realm_filters
       (pattern, url_template, example_input, reverse_template, alternative_url_templates, "order")
     VALUES (:pattern, :urlTemplate, :exampleInput, :reverseTemplate, :alternatives,
       (SELECT coalesce(max("order"), 0) + 1 FROM realm_filters))`,
    columns(fields),
  ).lastInsertRowid;
}

/** False when there is no linkifier of that ID. */
export function updateLinkifier(sql: Sql, id: number, fields: LinkifierFields): boolean {
  return (
    sql.run(
      `UPDATE realm_filters SET pattern = :pattern, url_template = :urlTemplate,
         example_input = :exampleInput, reverse_template = :reverseTemplate,
         alternative_url_templates = :alternatives
       WHERE id = :id`,
      { ...columns(fields), id },
    ).changes > 0
  );
}

/** Puts the linkifiers in the order given, which names each of them once. */
export function reorderLinkifiers(sql: Sql, orderedIds: readonly number[]): void {
  orderedIds.forEach((id, index) => {
    sql.run('UPDATE realm_filters SET "order" = ? WHERE id = ?', [index, id]);
  });
}

export function deleteLinkifier(sql: Sql, id: number): boolean {
  return sql.run('DELETE FROM realm_filters WHERE id = ?', [id]).changes > 0;
}

/** A code playground as Zulip 12 lists it (feature level 196: a URL template with {code}). */
export interface PlaygroundRecord {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

/** Zulip's get_realm_playgrounds: every playground, by ID. */
export function allPlaygrounds(sql: Sql): PlaygroundRecord[] {
  return sql.all<PlaygroundRecord>(
    'SELECT id, name, pygments_language, url_template FROM realm_playgrounds ORDER BY id',
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
  playground: { name: string; pygmentsLanguage: string; urlTemplate: string },
): number {
  return sql.run(
    'INSERT INTO realm_playgrounds (name, pygments_language, url_template) VALUES (?, ?, ?)',
    [playground.name, playground.pygmentsLanguage, playground.urlTemplate],
  ).lastInsertRowid;
}

export function deletePlayground(sql: Sql, id: number): boolean {
  return sql.run('DELETE FROM realm_playgrounds WHERE id = ?', [id]).changes > 0;
}
