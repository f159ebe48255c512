import { BlockList, isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { direct, type ProxyServer, type Route } from './proxySetting';
import type { ManualProxySetting, ProxyScheme } from '../../wire/proxySetting';

/** A host name or address as compared: lower case, without IPv6 brackets or a final dot. */
export const bareHost = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * Hosts no proxy may stand between: loopback, and this computer's own names
 * and current addresses (read each time, as DHCP changes them). A hosted
 * organization is reached this way, and a proxy could only get it wrong.
 */
export function isThisComputer(host: string): boolean {
  const bare = bareHost(host);
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const family = isIP(bare);
  if (family !== 0) {
    if (loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true;
    return Object.values(networkInterfaces())
      .flat()
      .some((address) => address !== undefined && bareHost(address.address) === bare);
  }
  const own = hostname().toLowerCase();
  return bare === own || bare === `${own}.local`;
}

/**
 * Whether a bypass list (NO_PROXY's syntax, as curl and Chromium read it)
 * names the host: `*` for all, a name for itself and its subdomains (a
 * leading `.` or `*.` changes nothing), an address, or a CIDR range; each
 * optionally with `:port`.
 */
export function bypasses(entries: readonly string[], host: string, port: number): boolean {
  const bare = bareHost(host);
  const family = isIP(bare);
  return entries.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '') return false;
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry);
    if (entryPort !== null && entryPort !== port) return false;
    const slash = name.indexOf('/');
    if (slash >= 0) {
      const network = bareHost(name.slice(0, slash));
      const prefix = Number(name.slice(slash + 1));
      const networkFamily = isIP(network);
      if (family === 0 || networkFamily !== family || !Number.isInteger(prefix)) return false;
      const range = new BlockList();
      const type = family === 4 ? 'ipv4' : 'ipv6';
      try {
        range.addSubnet(network, prefix, type);
      } catch {
        return false;
      }
      return range.check(bare, type);
    }
    const domain = bareHost(name.replace(/^\*?\./, ''));
    return bare === domain || (family === 0 && bare.endsWith(`.${domain}`));
  });
}

function splitPort(entry: string): { name: string; entryPort: number | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    return { name: bracketed[1] ?? '', entryPort: bracketed[2] ? Number(bracketed[2]) : null };
  }
  // An IPv6 address without brackets has no port.
  const colon = entry.lastIndexOf(':');
  if (colon < 0 || entry.indexOf(':') !== colon) return { name: entry, entryPort: null };
  const port = Number(entry.slice(colon + 1));
  return Number.isInteger(port)
    ? { name: entry.slice(0, colon), entryPort: port }
    : { name: entry, entryPort: null };
}

const defaultPorts: Readonly<Record<ProxyScheme, number>> = { http: 80, https: 443, socks5: 1080 };

/** A proxy as an environment variable or a proxy field writes it: `[scheme://][user:password@]host[:port]`. */
export function parseProxyUrl(text: string): ProxyServer | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  const scheme = schemeOf(url.protocol);
  if (scheme === null || url.hostname === '') return null;
  return {
    scheme,
    host: bareHost(url.hostname),
    port: url.port === '' ? defaultPorts[scheme] : Number(url.port),
    username: url.username === '' ? null : decodeURIComponent(url.username),
    password: url.password === '' ? null : decodeURIComponent(url.password),
  };
}

function schemeOf(protocol: string): ProxyScheme | null {
  switch (protocol) {
    case 'http:':
      return 'http';
    case 'https:':
      return 'https';
    // Names resolve at the proxy either way: Hearth never resolves a proxied name itself.
    case 'socks:':
    case 'socks5:':
    case 'socks5h:':
      return 'socks5';
    default:
      return null;
  }
}

type Environment = Readonly<Record<string, string | undefined>>;

/** A variable in either case, the lower-case one first (as curl reads them). */
const variable = (env: Environment, name: string): string | undefined => {
  const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
  return value === undefined || value.trim() === '' ? undefined : value;
};

/** The route the desktop's environment gives a URL: `HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY` and `NO_PROXY`. */
export function environmentRoute(target: URL, env: Environment): Route {
  const port = portOf(target);
  const noProxy = variable(env, 'no_proxy');
  if (noProxy !== undefined && bypasses(noProxy.split(/[\s,]+/), target.hostname, port)) {
    return direct;
  }
  const named =
    (target.protocol === 'https:' ? variable(env, 'https_proxy') : variable(env, 'http_proxy')) ??
    variable(env, 'all_proxy');
  const proxy = named === undefined ? null : parseProxyUrl(named);
  return proxy === null ? direct : { kind: 'proxy', proxy };
}

const pacKinds = new Map<string, ProxyScheme | 'direct'>([
  ['DIRECT', 'direct'],
  ['PROXY', 'http'],
  ['HTTPS', 'https'],
  ['SOCKS5', 'socks5'],
]);

/**
 * The first route of a PAC answer ("PROXY host:port; DIRECT"), as Chromium
 * gives it for the desktop's proxy settings; kinds Hearth cannot use (SOCKS4,
 * QUIC) are passed over.
 */
export function pacRoute(answer: string): Route {
  for (const entry of answer.split(';')) {
    const [kind = '', address = ''] = entry.trim().split(/\s+/);
    const scheme = pacKinds.get(kind.toUpperCase());
    if (scheme === 'direct') return direct;
    if (scheme === undefined) continue;
    const proxy = parseProxyUrl(`${scheme}://${address}`);
    if (proxy) return { kind: 'proxy', proxy };
  }
  return direct;
}

/** The route a manual proxy setting gives a URL. */
export function manualRoute(
  target: URL,
  setting: ManualProxySetting,
  password: string | null,
): Route {
  if (bypasses(setting.bypass, target.hostname, portOf(target))) return direct;
  return {
    kind: 'proxy',
    proxy: {
      scheme: setting.scheme,
      host: bareHost(setting.host),
      port: setting.port,
      username: setting.username,
      password: setting.username === null ? null : password,
    },
  };
}

export const portOf = (url: URL): number =>
  url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
