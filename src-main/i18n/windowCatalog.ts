import { loadCatalog, type CatalogFile, type Messages, type WindowArea } from './catalogs';

// An import per area: one template over every area's name would take main's
// catalog into the window's bundle too.
const files: Record<WindowArea, CatalogFile> = {
  common: (code) => import(`../../locales/${code}/common.json`),
  window: (code) => import(`../../locales/${code}/window.json`),
  settings: (code) => import(`../../locales/${code}/settings.json`),
  feed: (code) => import(`../../locales/${code}/feed.json`),
  channels: (code) => import(`../../locales/${code}/channels.json`),
  hosting: (code) => import(`../../locales/${code}/hosting.json`),
  people: (code) => import(`../../locales/${code}/people.json`),
};

/** Everything the window says in `code`. */
export function loadWindowCatalog(code: string): Promise<Messages> {
  return loadCatalog(code, Object.values(files));
}
