import type { Narrow } from '../../../src-preload/bridge';
import { privateNarrow, viewOfIs } from '../views/narrows';

/** What a clicked or handed-over link does. */
export type LinkTarget =
  | { kind: 'narrow'; accountId: string; narrow: Narrow }
  /** For the system browser or mail program. */
  | { kind: 'external'; url: string }
  /** Nothing: a scheme the OS must not be asked to open (file:, javascript:…). */
  | { kind: 'refused' }
  /** An invitation to an organization: the window's Join form takes it. */
  | { kind: 'invitation'; link: string }
  /** A file uploaded to a known organization: read with that account's key (see uploads.ts). */
  | { kind: 'upload'; accountId: string; url: string };

export interface LinkAccount {
  id: string;
  serverUrl: string;
  userId: number;
}

const externalProtocols = new Set(['http:', 'https:', 'mailto:']);

// Zulip writes narrow operands with "." in place of "%", so they survive in a fragment.
function decodeOperand(operand: string): string | null {
  try {
    return decodeURIComponent(operand.replace(/\.([0-9A-Fa-f]{2})/g, '%$1'));
  } catch {
    return null;
  }
}

// "42-general" names stream 42; "12,14-group" and "12-alice" name users.
const leadingIds = (operand: string): number[] | null => {
  const match = /^(\d+(?:,\d+)*)(?:-|$)/.exec(operand);
  return match?.[1] ? match[1].split(',').map(Number) : null;
};

/**
 * The window's narrow for a Zulip narrow fragment (`#narrow/stream/42-general/topic/lunch`,
 * `#narrow/dm/12-alice`…); null for one the window cannot show. A message ID
 * (`near/…`, `with/…`) is accepted and the conversation opened.
 */
export function narrowOfHash(hash: string, ownUserId: number): Narrow | null {
  const parts = hash.replace(/^#/, '').split('/');
  if (parts[0] !== 'narrow' || parts.length < 3 || parts.length % 2 === 0) return null;
  if (parts.length === 3 && parts[1] === 'is') return viewOfIs(parts[2]);
  let streamId: number | undefined;
  let topic: string | undefined;
  let userIds: number[] | undefined;
  for (let index = 1; index < parts.length; index += 2) {
    const operator = parts[index];
    const operand = decodeOperand(parts[index + 1] ?? '');
    if (operand === null) return null;
    // Only a topic may be empty: Zulip 10's general chat (feature level 346 links it so).
    if (operand === '' && operator !== 'topic' && operator !== 'subject') return null;
    switch (operator) {
      case 'stream':
      case 'channel':
        streamId = leadingIds(operand)?.[0];
        if (streamId === undefined) return null;
        break;
      case 'topic':
      case 'subject':
        topic = operand;
        break;
      case 'dm':
      case 'pm-with':
        userIds = leadingIds(operand) ?? undefined;
        if (!userIds) return null;
        break;
      case 'near':
      case 'with':
        break;
      default:
        return null;
    }
  }
  if (streamId !== undefined && userIds === undefined) {
    return topic === undefined ? { kind: 'stream', streamId } : { kind: 'stream', streamId, topic };
  }
  if (userIds !== undefined && streamId === undefined && topic === undefined) {
    return privateNarrow(userIds, ownUserId);
  }
  return null;
}

const parse = (href: string, base?: string): URL | null => {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
};

/** Links the OS may open for the user; anything else (file:, javascript:, custom schemes) goes nowhere. */
export const isExternalLink = (href: string): boolean =>
  externalProtocols.has(parse(href)?.protocol ?? '');

// An account's server holds the link when the link is under its URL.
function accountOf(url: URL, accounts: readonly LinkAccount[]): LinkAccount | undefined {
  return accounts.find((account) => {
    const server = parse(account.serverUrl);
    if (!server || server.origin !== url.origin) return false;
    const prefix = server.pathname.endsWith('/') ? server.pathname : `${server.pathname}/`;
    return (
      url.pathname === prefix || `${url.pathname}/` === prefix || url.pathname.startsWith(prefix)
    );
  });
}

/**
 * Where a link goes. A narrow link of a known organization opens in the app,
 * on that account, whichever account shows it: absolute, relative to the
 * account the link was shown in (Zulip writes stream links as `/#narrow/…`),
 * or as `hearth://<host>/#narrow/…`, the OS's way to hand a link to Hearth.
 */
export function resolveLink(
  href: string,
  accounts: readonly LinkAccount[],
  shownIn?: LinkAccount,
): LinkTarget {
  let url = parse(href, shownIn?.serverUrl);
  if (!url) return { kind: 'refused' };
  if (url.protocol === 'hearth:') {
    // Hearth's own scheme names the server by host; it is reached over HTTPS, or HTTP on loopback.
    const candidates = ['https:', 'http:'].flatMap((protocol) => {
      const server = parse(`${protocol}//${url?.host}${url?.pathname}${url?.hash}`);
      return server && accountOf(server, accounts) ? [server] : [];
    });
    url = candidates[0] ?? null;
    if (!url) return { kind: 'refused' };
  }
  if (!externalProtocols.has(url.protocol)) return { kind: 'refused' };
  const account = url.protocol === 'mailto:' ? undefined : accountOf(url, accounts);
  if (account && url.hash.startsWith('#narrow/')) {
    const narrow = narrowOfHash(url.hash, account.userId);
    if (narrow) return { kind: 'narrow', accountId: account.id, narrow };
  }
  if (account && uploadPathOf(url.href, account.serverUrl) !== null) {
    return { kind: 'upload', accountId: account.id, url: url.href };
  }
  return { kind: 'external', url: url.href };
}

// Zulip's encoding of a fragment operand: percent-encoding with "." for "%",
// and the characters that would then be ambiguous encoded too.
const hashEncodings: Record<string, string> = { '%': '.', '(': '.28', ')': '.29', '.': '.2E' };
const encodeOperand = (operand: string): string =>
  encodeURIComponent(operand).replace(/[%().]/g, (character) => hashEncodings[character] ?? '');

/**
 * A permanent link to a message as Zulip writes it: its conversation, near
 * the message. A private conversation is named by all its participants,
 * the reader among them, in the `pm-with` form every Zulip version reads.
 */
export function messageLinkHash(message: {
  id: number;
  stream_id?: number | undefined;
  subject: string;
  display_recipient: string | readonly { id: number }[];
}): string {
  const near = `/near/${message.id}`;
  if (typeof message.display_recipient === 'string') {
    const stream = `${message.stream_id ?? ''}-${message.display_recipient.replace(/ /g, '-')}`;
    return `#narrow/stream/${encodeOperand(stream)}/topic/${encodeOperand(message.subject)}${near}`;
  }
  const userIds = message.display_recipient.map((user) => user.id).sort((a, b) => a - b);
  const slug = userIds.length >= 3 ? 'group' : 'pm';
  return `#narrow/pm-with/${userIds.join(',')}-${slug}${near}`;
}

/**
 * The path on the server of an uploaded file a message links (`/user_uploads/…`,
 * written relative to the server, or absolute on it); null for any other link,
 * which the account's key must never go with.
 */
export function uploadPathOf(href: string, serverUrl: string): string | null {
  const server = new URL(serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`);
  let url: URL;
  try {
    url = new URL(href, server);
  } catch {
    return null;
  }
  if (url.origin !== server.origin || url.username !== '' || url.password !== '') return null;
  const uploads = `${server.pathname}user_uploads/`;
  if (!url.pathname.startsWith(uploads)) return null;
  // `..` is resolved by URL parsing already; encoded dots are not, and never name a file.
  if (/%2e|%2f|%5c/i.test(url.pathname)) return null;
  return url.pathname.slice(server.pathname.length - 1);
}
