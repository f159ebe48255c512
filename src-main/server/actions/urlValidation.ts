import { isIPv6 } from 'node:net';

// Django's URLValidator, which Zulip's check_url applies: http, https, ftp or
// ftps, a host that is an IPv4 or bracketed IPv6 address, `localhost` or a
// dotted name with a top-level domain, then an optional port and path.
const letters = '\\u00a1-\\uffff';
const ipv4Octet = '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)';
const ipv4 = `${ipv4Octet}(?:\\.${ipv4Octet}){3}`;
const ipv6 = '\\[[0-9a-f:.]+\\]';
const hostname = `[a-z${letters}0-9](?:[a-z${letters}0-9-]{0,61}[a-z${letters}0-9])?`;
const domain = `(?:\\.(?!-)[a-z${letters}0-9-]{1,63}(?<!-))*`;
const tld = `\\.(?!-)(?:[a-z${letters}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const host = `(?:${hostname}${domain}${tld}|localhost)`;
const urlPattern = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${ipv4}|${ipv6}|${host})` +
    '(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$',
  'i',
);
const schemes = new Set(['http', 'https', 'ftp', 'ftps']);

export function isValidUrl(value: string): boolean {
  if (value.length > 2048 || /[\t\r\n]/.test(value)) return false;
  if (!schemes.has((value.split('://')[0] ?? '').toLowerCase())) return false;
  if (!urlPattern.test(value)) return false;
  const netloc = value.slice(value.indexOf('://') + 3).split(/[/?#]/)[0] ?? '';
  const hostPart = netloc.slice(netloc.lastIndexOf('@') + 1);
  const bracketed = /^\[(.+)\](?::[0-9]{1,5})?$/.exec(hostPart);
  if (bracketed) return isIPv6(bracketed[1] ?? '');
  // RFC 1034's limit on a full host name, which Django also applies.
  return hostPart.replace(/:[0-9]{1,5}$/, '').length <= 253;
}
