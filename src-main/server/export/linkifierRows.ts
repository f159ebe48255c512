import type { ExportSource } from './exportSource';
import type { ZerverRow } from './zerverRow';

/** zerver_realmfilter: the linkifiers, with the `order` they apply in (feature level 202). */
export function linkifierRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; pattern: string; url_template: string }>(
      'SELECT id, pattern, url_template FROM realm_filters ORDER BY "order", id',
    )
    .map((row, index) => ({ ...row, realm: realmId, order: index }));
}

/** zerver_realmplayground: each playground's URL template (feature level 196). */
export function playgroundRows(source: ExportSource, realmId: number): ZerverRow[] {
  return source
    .all<{ id: number; name: string; pygments_language: string; url_template: string }>(
      'SELECT id, name, pygments_language, url_template FROM realm_playgrounds ORDER BY id',
    )
    .map((row) => ({ ...row, realm: realmId }));
}
