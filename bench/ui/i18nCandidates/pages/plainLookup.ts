// The baseline: the same first view with each key looked up in the catalog
// and its text shown as written, no library and no formatting.
import { showFirstView, type FirstViewEntry } from '../page';

export function start(
  catalog: Readonly<Record<string, string>>,
  firstView: FirstViewEntry[],
): void {
  showFirstView((key) => catalog[key] ?? key, firstView, catalog);
}
