// The languages Hearth's window speaks, and how a language a person asked
// for elsewhere (Zulip's default_language, the operating system's locale)
// finds one of them.

export interface WindowLanguage {
  /** The catalog's folder under locales/, a BCP 47 tag. */
  readonly code: string;
  /** The language's name in itself, as the picker offers it. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
}

export const windowLanguages: readonly WindowLanguage[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];

/** The codes of `windowLanguages`, for a schema to take only those. */
export const windowLanguageCodes = windowLanguages.map(({ code }) => code) as [string, ...string[]];

/**
 * A pseudo-language for finding words a translation will not fit: English
 * accented and made longer (pseudo.ts). It has the tag Chromium and Android
 * give it, en-XA; the picker does not offer it, a system set to it gets it.
 */
export const pseudoLanguage: WindowLanguage = {
  code: 'en-XA',
  name: 'Pseudo-English',
  dir: 'ltr',
};

export const fallbackLanguage: WindowLanguage = windowLanguages[0] as WindowLanguage;

/**
 * The window language for a tag written any of the ways people and servers
 * write one: Zulip's `pt_BR` and `zh-hans`, the system's `de-AT` or `zh-CN`.
 * Portuguese without a region reads Brazilian; Chinese reads Simplified
 * unless it names a Traditional script or region. Null where none fits.
 */
export function matchLanguage(tag: string | null | undefined): WindowLanguage | null {
  if (!tag) return null;
  const parts = tag.replaceAll('_', '-').toLowerCase().split('-');
  const [language, ...rest] = parts;
  if (language === 'en' && rest[0] === 'xa') return pseudoLanguage;
  if (language === 'zh') {
    const traditional = rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part));
    return traditional ? null : byCode('zh-Hans');
  }
  if (language === 'pt') return byCode('pt-BR');
  return windowLanguages.find((candidate) => candidate.code === language) ?? null;
}

function byCode(code: string): WindowLanguage | null {
  return windowLanguages.find((candidate) => candidate.code === code) ?? null;
}

// Zulip 7.1 added Brazilian Portuguese as `pt-br`; every 7.x server reports
// feature level 185, so only a later one is sure to have it, and a 7.x one
// gets `pt`, which the window reads as Brazilian again.
const brazilianPortugueseSince = 186;

/** The default_language Zulip takes for `code`, a window language, at the server's feature level. */
export function zulipLanguageCode(code: string, featureLevel: number): string {
  if (code === 'pt-BR') return featureLevel >= brazilianPortugueseSince ? 'pt-br' : 'pt';
  return code.toLowerCase();
}

/**
 * The first of `wanted` the window speaks, else English: the account's
 * default_language first, then the system's languages in its order.
 */
export function chooseLanguage(wanted: readonly (string | null | undefined)[]): WindowLanguage {
  for (const tag of wanted) {
    const found = matchLanguage(tag);
    if (found) return found;
  }
  return fallbackLanguage;
}
