import { parseFingerprint } from '../../wire/fingerprint';

/** An invitation link as the Join form takes it: whose server, and the invitation's key. */
export interface InvitationLink {
  serverUrl: string;
  key: string;
  /** The host's certificate fingerprint, which a Hearth host adds to its links served over HTTPS. */
  fingerprint: string | null;
}

const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/**
 * Reads Zulip's invitation link, `{organization}/join/{key}/`, as pasted, or
 * as the OS hands Hearth its own `hearth://{host}/join/{key}/` (reached over
 * HTTPS, or HTTP on this computer, as Hearth's other links). Anything else
 * is no invitation: null.
 */
export function parseInvitationLink(text: string): InvitationLink | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'hearth:') {
    const protocol = loopback.test(url.host) ? 'http:' : 'https:';
    url = new URL(`${protocol}//${url.host}${url.pathname}${url.hash}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^(.*)\/join\/([a-z0-9]{16,64})\/?$/i.exec(url.pathname);
  if (!match) return null;
  const [, base = '', key = ''] = match;
  const fingerprint = new URLSearchParams(url.hash.slice(1)).get('fingerprint');
  return {
    serverUrl: `${url.origin}${base}`,
    key,
    fingerprint: fingerprint === null ? null : parseFingerprint(fingerprint),
  };
}
