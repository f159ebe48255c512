// i18next with i18next-icu: one instance, the catalog as its only namespace,
// keys taken whole (they contain dots), each message parsed by
// intl-messageformat on first use and memoized by the plugin.
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { showFirstView, type FirstViewEntry } from '../page';

export function start(
  catalog: Readonly<Record<string, string>>,
  firstView: FirstViewEntry[],
): void {
  const instance = i18next.createInstance();
  void instance.use(new ICU()).init({
    lng: 'en',
    resources: { en: { translation: catalog } },
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
  });
  showFirstView((key, values) => instance.t(key, values ?? {}), firstView, instance);
}
