import { zulipLanguageCode } from '../../i18n/languages';
import { errors } from '../errors';
import { ZULIP_FEATURE_LEVEL } from '../version';

/**
 * The languages of Zulip 7.0, and those 7.1 and 8.3 added that Django names,
 * by the code its settings take, with the name its events give each
 * (`language_name`). Zulip builds the list when it compiles its translations
 * (zerver/management/commands/compilemessages.py): one entry per
 * locale/<locale>/LC_MESSAGES/django.po it ships, plus English, the code being
 * Django's to_language of the folder's name (`zh_Hans` → `zh-hans`, `pt_PT` →
 * `pt-pt`) and the name Django's own name for the language in itself
 * (LANG_INFO's name_local), else the PO file's team name. The languages
 * named by their team alone since 7.0 (Luri, Tagalog…) are not on it yet.
 */
const zulipLanguages: ReadonlyMap<string, string> = new Map([
  ['ar', 'العربيّة'],
  ['be', 'беларуская'],
  ['bg', 'български'],
  ['ca', 'català'],
  ['cs', 'česky'],
  ['cy', 'Cymraeg'],
  ['da', 'dansk'],
  ['de', 'Deutsch'],
  ['el', 'Ελληνικά'],
  ['en', 'English'],
  ['en-gb', 'British English'],
  ['eo', 'Esperanto'],
  ['es', 'español'],
  ['fa', 'فارسی'],
  ['fi', 'suomi'],
  ['fr', 'français'],
  ['gl', 'galego'],
  ['gu', 'ગુજરાતી'],
  ['hi', 'हिंदी'],
  ['hu', 'Magyar'],
  ['id', 'Bahasa Indonesia'],
  ['it', 'italiano'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['lt', 'Lietuviškai'],
  ['lv', 'latviešu'],
  ['ml', 'മലയാളം'],
  ['mn', 'Mongolian'],
  ['nl', 'Nederlands'],
  ['no', 'norsk'],
  ['pl', 'polski'],
  ['pt', 'Português'],
  ['pt-br', 'Português Brasileiro'],
  // Django names no language pt-pt, si or zh-tw: Zulip takes the PO file's team name.
  ['pt-pt', 'Portuguese (Portugal)'],
  ['ro', 'Română'],
  ['ru', 'Русский'],
  ['si', 'Sinhala'],
  ['sr', 'српски'],
  ['sv', 'svenska'],
  ['ta', 'தமிழ்'],
  ['tr', 'Türkçe'],
  ['uk', 'Українська'],
  ['vi', 'Tiếng Việt'],
  ['zh-hans', '简体中文'],
  ['zh-hant', '繁體中文'],
  ['zh-tw', 'Chinese (Taiwan)'],
]);

/** Every code get_available_language_codes gives, in its spelling. */
export const availableLanguageCodes: readonly string[] = [...zulipLanguages.keys()];

/** Zulip's get_language_name: a code off the list is named "Unknown" rather than refused. */
export function languageName(code: string): string {
  return zulipLanguages.get(code) ?? 'Unknown';
}

/**
 * A user's default_language as Zulip's PATCH /settings takes it: exactly
 * a code of the list, spelt as the list spells it (`zh-hans`, not `zh_Hans`).
 */
export function checkUserLanguage(code: string): string {
  if (!zulipLanguages.has(code)) throw errors.badRequest('Invalid default_language');
  return code;
}

/** The organization's default_language as Zulip's PATCH /realm takes it, with its own words. */
export function checkRealmLanguage(code: string): string {
  if (!zulipLanguages.has(code)) throw errors.badRequest(`Invalid language '${code}'`);
  return code;
}

/**
 * The code this host stores for one of Hearth's window languages. An
 * organization cannot be created in a language off the list.
 */
export function hostLanguageCode(windowCode: string): string {
  const code = zulipLanguageCode(windowCode, ZULIP_FEATURE_LEVEL);
  if (!zulipLanguages.has(code))
    throw new Error(`No language ${windowCode} for a new organization`);
  return code;
}
