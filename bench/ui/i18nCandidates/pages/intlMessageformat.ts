// intl-messageformat as src-main/i18n/format.ts uses it: each message parsed
// the first time it is formatted, then kept.
import { IntlMessageFormat } from 'intl-messageformat';
import { showFirstView, type FirstViewEntry } from '../page';

export function start(
  catalog: Readonly<Record<string, string>>,
  firstView: FirstViewEntry[],
): void {
  const compiled = new Map<string, IntlMessageFormat>();
  showFirstView(
    (key, values) => {
      let message = compiled.get(key);
      if (!message) {
        const source = catalog[key];
        if (source === undefined) return key;
        message = new IntlMessageFormat(source, 'en');
        compiled.set(key, message);
      }
      const result: unknown = message.format(values);
      return Array.isArray(result) ? result.join('') : String(result);
    },
    firstView,
    compiled,
  );
}
