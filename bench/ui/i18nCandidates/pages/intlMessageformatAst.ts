// intl-messageformat given each message's syntax tree, parsed when the app is
// built, with the parser left out of the bundle (formatjs's documented
// `no-parser` build): what the window's start would cost if the catalogs
// shipped as trees instead of text.
import { IntlMessageFormat } from 'intl-messageformat';
import { showFirstView, type FirstViewEntry } from '../page';

export type ParsedCatalog = Readonly<Record<string, ReturnType<IntlMessageFormat['getAst']>>>;

export function start(catalog: ParsedCatalog, firstView: FirstViewEntry[]): void {
  const compiled = new Map<string, IntlMessageFormat>();
  showFirstView(
    (key, values) => {
      let message = compiled.get(key);
      if (!message) {
        const tree = catalog[key];
        if (tree === undefined) return key;
        message = new IntlMessageFormat(tree, 'en');
        compiled.set(key, message);
      }
      const result: unknown = message.format(values);
      return Array.isArray(result) ? result.join('') : String(result);
    },
    firstView,
    compiled,
  );
}
