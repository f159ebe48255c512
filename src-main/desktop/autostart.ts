import { windowLanguages } from '../i18n/languages';
import { loadMainCatalog } from '../i18n/mainCatalog';

/** The catalog key of the entry's comment, as each language says it. */
const commentKey = 'main.autostart.comment';

// The Desktop Entry spec's locale keys are POSIX locales (lang_COUNTRY):
// the desktop shows the one matching the session's LC_MESSAGES.
const posixLocales: Readonly<Record<string, string>> = { 'pt-BR': 'pt_BR', 'zh-Hans': 'zh_CN' };

/**
 * The entry's comment in each of the window's languages, English first: the
 * desktop says it in the session's language, whatever Hearth spoke when the
 * entry was written.
 */
export async function autostartComments(): Promise<[string, string][]> {
  return Promise.all(
    windowLanguages.map(async ({ code }): Promise<[string, string]> => {
      const comment = (await loadMainCatalog(code))[commentKey];
      if (comment === undefined) throw new Error(`locales/${code}/main.json lacks ${commentKey}`);
      return [code, comment];
    }),
  );
}

/** The freedesktop.org autostart entry that starts Hearth when the user logs in. */
export function autostartEntry(executable: string, comments: readonly [string, string][]): string {
  // Exec quoting per the Desktop Entry spec: the path in double quotes, with \ " ` $ escaped.
  const quoted = `"${executable.replace(/["`$\\]/g, (character) => `\\${character}`)}"`;
  const commentLines = comments.map(([code, comment]) =>
    code === 'en' ? `Comment=${comment}` : `Comment[${posixLocales[code] ?? code}]=${comment}`,
  );
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Hearth',
    ...commentLines,
    `Exec=${quoted} --hidden`,
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
