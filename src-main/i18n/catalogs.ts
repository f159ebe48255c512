// Catalogs live in locales/<language>/<area>.json, flat keys each prefixed
// with its area. A language's files are fetched only when it is chosen: the
// import below is split by the bundler into one chunk per file.

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
export type Area = (typeof windowAreas)[number] | (typeof mainAreas)[number];

/** Every message of `areas` in `code`, one object. */
export async function loadCatalog(code: string, areas: readonly Area[]): Promise<Messages> {
  const parts = await Promise.all(
    areas.map(
      async (area) =>
        ((await import(`../../locales/${code}/${area}.json`)) as { default: Messages }).default,
    ),
  );
  return Object.assign({}, ...parts) as Messages;
}
