import english from '../../locales/en/main.json';
import { MessageFormatter, type MessageValues } from './format';
import { fallbackLanguage, matchLanguage, pseudoLanguage } from './languages';
import { loadMainCatalog } from './mainCatalog';
import { PseudoFormatter } from './pseudo';

/** Every key main's English catalog has: a misspelt key fails the type check. */
export type MainKey = keyof typeof english;

// What main says itself (menus, dialogs, notifications, the notices it hands
// the window) in the window's language. English comes with main, so that
// what it says before the window has chosen, a tray at start or a refusal of
// the first call, is whole.
let formatter = new MessageFormatter(fallbackLanguage.code, english);
let wanted: string | null = null;
const listeners = new Set<() => void>();

/**
 * Speaks the language the window speaks: one of its codes, anything else
 * reading as English. A later call wins over one still loading; what main
 * shows for good (its menus) is built again once the language is in place.
 */
export async function setMainLanguage(code: string): Promise<void> {
  const language = matchLanguage(code) ?? fallbackLanguage;
  if (language.code === formatter.code && wanted === null) return;
  wanted = language.code;
  const ownCatalog = language !== fallbackLanguage && language !== pseudoLanguage;
  const messages = ownCatalog ? await loadMainCatalog(language.code) : english;
  if (wanted !== language.code) return;
  wanted = null;
  formatter =
    language === pseudoLanguage
      ? new PseudoFormatter(language.code, messages)
      : new MessageFormatter(language.code, messages);
  for (const listener of listeners) listener();
}

/** The message `key` says in main's language, with `values` put in. */
export function mt(key: MainKey, values?: MessageValues): string {
  return formatter.format(key, values);
}

/** The product's name, which every language writes as it is. */
export const productName = 'Hearth';

/** The language main speaks, for Intl's formatters. */
export const mainLanguage = (): string => formatter.code;

/** Calls `listener` whenever main's language changes; returns what stops it. */
export function onMainLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
