// @messageformat/core (messageformat 3): the catalog compiled to one function
// a message when the app is built; the page ships those functions and the
// parts of @messageformat/runtime they import, and no parser.
import { showFirstView, type FirstViewEntry, type Values } from '../page';

export type CompiledCatalog = Readonly<Record<string, (values?: Values) => string>>;

export function start(catalog: CompiledCatalog, firstView: FirstViewEntry[]): void {
  showFirstView(
    (key, values) => {
      const message = catalog[key];
      return message ? message(values ?? {}) : key;
    },
    firstView,
    catalog,
  );
}
