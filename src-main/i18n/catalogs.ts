// Catalogs live in locales/<language>/<area>.json, flat keys each prefixed
// with its area. A language's files are fetched only when it is chosen: each
// import of windowCatalog.ts and mainCatalog.ts is split by the bundler into
// one chunk per language.

export type Messages = Readonly<Record<string, string>>;

/** The window's areas; `main` is what the main process says (menus, notifications, dialogs). */
export const windowAreas = [
  'common',
  'window',
  'settings',
  'feed',
  'channels',
  'hosting',
  'people',
] as const;
export const mainAreas = ['main'] as const;
export type WindowArea = (typeof windowAreas)[number];

/** One area's file of a language. */
export type CatalogFile = (code: string) => Promise<{ default: Messages }>;

/** Every message of `files` in `code`, one object. */
export async function loadCatalog(code: string, files: readonly CatalogFile[]): Promise<Messages> {
  const parts = await Promise.all(files.map(async (file) => (await file(code)).default));
  return Object.assign({}, ...parts) as Messages;
}
