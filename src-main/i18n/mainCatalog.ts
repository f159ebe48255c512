import { loadCatalog, type Messages } from './catalogs';

/** Everything main says in `code`: its menus, dialogs, notifications and notices. */
export function loadMainCatalog(code: string): Promise<Messages> {
  return loadCatalog(code, [(language) => import(`../../locales/${language}/main.json`)]);
}
