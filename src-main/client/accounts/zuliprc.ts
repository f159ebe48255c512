import { mt } from '../../i18n/mainText';
import { SignInError } from './signInError';

/** The credentials of a `zuliprc` file, as Zulip's "Download zuliprc" gives them. */
export interface Zuliprc {
  email: string;
  apiKey: string;
  site: string;
}

const invalid = (message: string) => new SignInError('invalid-input', message, 'zuliprc');

/**
 * Reads the `[api]` section of a zuliprc (INI, as Python's configparser reads
 * it: `name = value` or `name: value`, `#` and `;` comments). Its `insecure`
 * option is deliberately not honoured: Hearth never skips certificate checks.
 */
export function parseZuliprc(text: string): Zuliprc {
  const api = new Map<string, string>();
  let section: string | null = null;
  let sawApi = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.*)\]$/.exec(line);
    if (header) {
      section = (header[1] ?? '').trim();
      sawApi ||= section === 'api';
      continue;
    }
    const separator = line.search(/[=:]/);
    if (separator <= 0) throw invalid(mt('main.zuliprc.badLine', { line }));
    if (section !== 'api') continue;
    api.set(line.slice(0, separator).trim().toLowerCase(), line.slice(separator + 1).trim());
  }
  if (!sawApi) throw invalid(mt('main.zuliprc.noApiSection'));
  const email = api.get('email');
  const apiKey = api.get('key');
  const site = api.get('site');
  if (!email || !apiKey || !site) {
    const missing = Object.entries({ email, key: apiKey, site })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw invalid(mt('main.zuliprc.missing', { names: missing.join(', ') }));
  }
  return { email, apiKey, site };
}
