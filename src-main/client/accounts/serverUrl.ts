import { isIPv4 } from 'node:net';
import { mt } from '../../i18n/mainText';
import { SignInError } from './signInError';

const scheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * What a person typed as a server address, as the URL Hearth calls: trimmed,
 * `https://` when no scheme is given, no trailing `/`. Only http and https.
 */
export function normaliseServerUrl(input: string): string {
  const typed = input.trim();
  if (typed === '') {
    throw new SignInError('invalid-input', mt('main.signIn.enterAddress'), 'serverUrl');
  }
  let url: URL;
  try {
    url = new URL(scheme.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw new SignInError('invalid-input', mt('main.signIn.notAnAddress', { typed }), 'serverUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SignInError(
      'invalid-input',
      mt('main.signIn.unknownScheme', { scheme: `${url.protocol}//` }),
      'serverUrl',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SignInError('invalid-input', mt('main.signIn.credentialsInAddress'), 'serverUrl');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether traffic to this host stays on this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  return isIPv4(host) && host.startsWith('127.');
}

/** Whether what is sent to the server crosses a network unencrypted: plain http off this computer. */
function travelsInClear(url: URL): boolean {
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname);
}

/**
 * What the join form shows once it has looked at the server: over plain http
 * to another computer the password and API key travel in clear. Hosting on
 * this computer over loopback is safe.
 */
export function cleartextWarning(serverUrl: string): string | null {
  const url = new URL(serverUrl);
  if (!travelsInClear(url)) return null;
  return mt('main.signIn.cleartextWarning', { host: url.host });
}

/**
 * Refuses to send a password or API key over plain http to another computer
 * unless the person chose to, in so many words: a warning alone is read past.
 */
export function requireCleartextChoice(
  typedUrl: string,
  secret: 'password' | 'API key',
  chosen: boolean | undefined,
): void {
  const url = new URL(normaliseServerUrl(typedUrl));
  if (chosen === true || !travelsInClear(url)) return;
  throw new SignInError(
    'cleartext',
    mt('main.signIn.cleartextRefused', {
      host: url.host,
      secret: secret === 'password' ? 'password' : 'apiKey',
    }),
    'unencrypted',
  );
}
