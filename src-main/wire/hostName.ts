// A Host header is a name or an address and perhaps a port, nothing else: no
// user part, path or zone that a URL parser would quietly take apart.
const hostHeaderShape = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The name or address a Host header names, as a URL's host: lower case, IPv4
 * in dotted decimal, IPv6 compressed and without brackets, no final dot and
 * no port. Null for anything that is no host.
 */
export function hostOfHeader(header: string): string | null {
  if (!hostHeaderShape.test(header)) return null;
  let host: string;
  try {
    host = new URL(`http://${header}/`).hostname;
  } catch {
    return null;
  }
  if (host.startsWith('[')) return host.slice(1, -1);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * A name the host is also reached by, as its owner gives it (`--allowed-host`,
 * the Hosting page; an IPv6 address without brackets too), as `hostOfHeader`
 * gives it; null for anything that is no host name or address.
 */
export function hostOfSetting(name: string): string | null {
  const trimmed = name.trim();
  // Two colons or more: an IPv6 address, which a Host header brackets (its URL parse then checks it).
  const ipv6 = /^[0-9a-f:.]+$/i.test(trimmed) && trimmed.split(':').length > 2;
  return hostOfHeader(ipv6 ? `[${trimmed}]` : trimmed);
}
