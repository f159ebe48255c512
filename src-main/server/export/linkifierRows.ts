import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/**
 * zerver_realmfilter: the linkifiers, with the `order` Zulip gave them from
 * 8.0 on (feature level 202); Hearth applies them by ID, so that is their order.
 */
export function linkifierRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; pattern: string; url_template: string }>(
      'SELECT id, pattern, url_template FROM realm_filters ORDER BY id',
    )
    .map((row, index) => ({ ...row, realm: realmId, order: index }));
}

/**
 * zerver_realmplayground: Zulip 8.0 (feature level 196) replaced the prefix
 * the code was appended to with a template, as its own migration does: the
 * prefix, braces escaped, then `{code}`.
 */
export function playgroundRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; name: string; pygments_language: string; url_prefix: string }>(
      'SELECT id, name, pygments_language, url_prefix FROM realm_playgrounds ORDER BY id',
    )
    .map(({ url_prefix, ...row }) => ({
      ...row,
      realm: realmId,
      url_template: `${url_prefix.replace(/\{/g, '%7B').replace(/\}/g, '%7D')}{code}`,
    }));
}
