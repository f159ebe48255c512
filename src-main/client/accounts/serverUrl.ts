import { isIPv4 } from 'node:net';
import { SignInError } from './signInError';

const scheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * What a person typed as a server address, as the URL Hearth calls: trimmed,
 * `https://` when no scheme is given, no trailing `/`. Only http and https.
 */
export function normaliseServerUrl(input: string): string {
  const typed = input.trim();
  if (typed === '') {
    throw new SignInError('invalid-input', "Enter your organization's address.", 'serverUrl');
  }
  let url: URL;
  try {
    url = new URL(scheme.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw new SignInError('invalid-input', `"${typed}" is not a web address.`, 'serverUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SignInError(
      'invalid-input',
      `Hearth connects over https:// or http://, not ${url.protocol}//.`,
      'serverUrl',
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new SignInError(
      'invalid-input',
      'Leave the name and password out of the address; sign in below instead.',
      'serverUrl',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Whether traffic to this host stays on this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host === '::1') return true;
  return isIPv4(host) && host.startsWith('127.');
}

/**
 * A warning, not a refusal: over plain http to another computer the API key
 * travels in clear. Hosting on this computer over loopback is safe.
 */
export function cleartextWarning(serverUrl: string): string | null {
  const url = new URL(serverUrl);
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return null;
  return `${url.host} is reached over http://, without encryption: your password and API key would travel in clear. Use https:// if the server offers it.`;
}
