import type { ExportSource } from './exportSource';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_realmfilter: the linkifiers, with the `order` they apply in
 * (feature level 202), and for 12 their example input and reverse template
 * (471). Alternative URL templates (478) stay behind: no model of Zulip's
 * that could be read here names the field they are kept in.
 */
export function linkifierRows(
  source: ExportSource,
  realmId: number,
  traits: TargetTraits,
): ZerverRow[] {
  return source
    .all<{
      id: number;
      pattern: string;
      url_template: string;
      example_input: string | null;
      reverse_template: string | null;
    }>(
      `SELECT id, pattern, url_template, example_input, reverse_template
       FROM realm_filters ORDER BY "order", id`,
    )
    .map(({ example_input, reverse_template, ...row }, index) => ({
      ...row,
      realm: realmId,
      order: index,
      ...(traits.linkifierExamples ? { example_input, reverse_template } : {}),
    }));
}

/** zerver_realmplayground: each playground's URL template (feature level 196). */
export function playgroundRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; name: string; pygments_language: string; url_template: string }>(
      'SELECT id, name, pygments_language, url_template FROM realm_playgrounds ORDER BY id',
    )
    .map((row) => ({ ...row, realm: realmId }));
}
