import { parseInvitationLink } from '../accounts/invitationLink';
import { narrowOfHash } from './linkTargets';

/**
 * A hearth:// link the OS handed over, in one of its two documented forms
 * (docs/links.md): a narrow of an organization, which the app only shows, or
 * an invitation, which only fills in the Join form for the person to confirm.
 */
export type HandedLink = { kind: 'narrow'; href: string } | { kind: 'invitation'; link: string };

/** Longer than any narrow or invitation Hearth or Zulip writes; nothing longer is read at all. */
export const handedLinkMaxLength = 2048;

// Printable ASCII only: the forms percent-encode everything else, so a raw
// space, control character (an encoded newline decoded by the OS) or
// look-alike letter can only come from a forged link.
const printable = /^[\x21-\x7e]+$/;
// A DNS name, an IPv4 address or loopback's [::1], with an optional port;
// no user name or password, which would ride along to the server.
const serverHost =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[::1\])(?::(\d{1,5}))?$/i;
// The organization's path below the host, if it has one: plain segments, no "." or "..".
const basePath = '(?:/(?!\\.\\.?(?:/|$))[A-Za-z0-9._~-]+)*';
const narrowForm = new RegExp(
  `^hearth://([^/?#]+)(${basePath})/?(#narrow(?:/[A-Za-z0-9._,~-]*)+)$`,
);
const invitationForm = new RegExp(
  `^hearth://([^/?#]+)(${basePath})/join/([A-Za-z0-9]{16,64})/?(?:#fingerprint=([0-9A-Fa-f:]{64,95}))?$`,
);

function validHost(host: string): boolean {
  const match = serverHost.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * Reads a link the OS handed to Hearth, strictly: null for anything that is
 * not exactly one of the documented forms (another scheme or host part, a
 * query, credentials, control characters, over-long input). The caller does
 * nothing with a null.
 */
export function parseHandedLink(raw: string): HandedLink | null {
  if (raw.length > handedLinkMaxLength || !printable.test(raw)) return null;
  const narrow = narrowForm.exec(raw);
  if (narrow) {
    const [, host = '', base = '', hash = ''] = narrow;
    // The user ID only matters to a conversation with oneself; any one checks the shape.
    if (!validHost(host) || narrowOfHash(hash, 0) === null) return null;
    return { kind: 'narrow', href: `hearth://${host}${base}/${hash}` };
  }
  const invitation = invitationForm.exec(raw);
  if (invitation) {
    const [, host = '', , , fingerprint] = invitation;
    const parsed = validHost(host) ? parseInvitationLink(raw) : null;
    // A fingerprint that does not read would leave the host's certificate unchecked.
    if (!parsed || (fingerprint !== undefined && parsed.fingerprint === null)) return null;
    return { kind: 'invitation', link: raw };
  }
  return null;
}
