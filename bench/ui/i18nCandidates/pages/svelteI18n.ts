// svelte-i18n: the catalog added to its dictionary store and each message
// formatted through the `format` store's function, as `$_()` does in a
// component. Tags are on (its default leaves them as text).
import { addMessages, format, init } from 'svelte-i18n';
import { get } from 'svelte/store';
import { showFirstView, type FirstViewEntry } from '../page';

export function start(
  catalog: Readonly<Record<string, string>>,
  firstView: FirstViewEntry[],
): void {
  addMessages('en', catalog);
  void init({ fallbackLocale: 'en', initialLocale: 'en', ignoreTag: false });
  const t = get(format);
  showFirstView((key, values) => t(key, values ? { values } : {}), firstView, t);
}
