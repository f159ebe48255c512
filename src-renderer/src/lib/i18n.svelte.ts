import { MessageFormatter, type MessageValues, type RichPart } from '../../../src-main/i18n/format';
import {
  fallbackLanguage,
  pseudoLanguage,
  type WindowLanguage,
} from '../../../src-main/i18n/languages';
import { PseudoFormatter } from '../../../src-main/i18n/pseudo';
import { loadWindowCatalog } from '../../../src-main/i18n/windowCatalog';
import type channels from '../../../locales/en/channels.json';
import type common from '../../../locales/en/common.json';
import type feed from '../../../locales/en/feed.json';
import type hosting from '../../../locales/en/hosting.json';
import type people from '../../../locales/en/people.json';
import type settings from '../../../locales/en/settings.json';
import type windowMessages from '../../../locales/en/window.json';

/** Every key the window's English catalog has: a misspelt key fails the type check. */
export type MessageKey = keyof (typeof common &
  typeof windowMessages &
  typeof settings &
  typeof feed &
  typeof channels &
  typeof hosting &
  typeof people);

/**
 * The language the window speaks and its messages. `t` reads the formatter
 * from state, so every view that says something is drawn again when the
 * language changes: no restart.
 */
class WindowText {
  language = $state.raw<WindowLanguage>(fallbackLanguage);
  formatter = $state.raw(new MessageFormatter(fallbackLanguage.code, {}));
  /** Zulip's timezone setting of the account on screen; null for the computer's own. */
  timeZone = $state<string | null>(null);
  #wanted: WindowLanguage | null = null;
  // English's messages are not there until its catalog loads, as any other's.
  #loaded: WindowLanguage | null = null;

  /** Zulip's timezone setting, where this computer knows the zone; empty for the computer's own. */
  useTimeZone(zone: string): void {
    this.timeZone = zone !== '' && knownZone(zone) ? zone : null;
  }

  /**
   * Loads `language`'s catalog and speaks it; a later call wins over one
   * still loading. True once the window speaks it, false where it already
   * did or a later call took over.
   */
  async use(language: WindowLanguage): Promise<boolean> {
    if (language === this.#wanted) return false;
    if (this.#wanted === null && language === this.#loaded) return false;
    this.#wanted = language;
    const pseudo = language === pseudoLanguage;
    const messages = await loadWindowCatalog(pseudo ? fallbackLanguage.code : language.code);
    if (this.#wanted !== language) return false;
    this.#wanted = null;
    this.formatter = pseudo
      ? new PseudoFormatter(language.code, messages)
      : new MessageFormatter(language.code, messages);
    this.language = language;
    this.#loaded = language;
    document.documentElement.lang = language.code;
    document.documentElement.dir = language.dir;
    localStorage.setItem(lastLanguageKey, language.code);
    return true;
  }
}

const lastLanguageKey = 'hearth.windowLanguage';

/**
 * The language the window spoke last: the one to start in, so the catalog
 * loaded before an account's setting is known is already the right one.
 */
export function lastLanguage(): string | null {
  return localStorage.getItem(lastLanguageKey);
}

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const windowText = new WindowText();

/** The message `key` says in the window's language, with `values` put in. */
export function t(key: MessageKey, values?: MessageValues): string {
  return windowText.formatter.format(key, values);
}

/** `key`'s message in parts, for text with a link or emphasis inside (`<link>…</link>`). */
export function tRich(key: MessageKey, values?: MessageValues): RichPart[] {
  return windowText.formatter.rich(key, values);
}
