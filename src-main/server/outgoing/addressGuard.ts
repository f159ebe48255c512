import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

// Where an outgoing webhook may not post unless the host's owner allows it:
// the host would otherwise reach services on this computer or its networks
// on behalf of anyone who may create a bot (Zulip puts Smokescreen in front
// of its outgoing requests for the same reason).
const disallowed = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // unspecified ("this network")
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  disallowed.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  disallowed.addSubnet(network, prefix, 'ipv6');
}

// An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4.
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) own.add(unmapped(entry.address.split('%')[0] ?? '').address);
  }
  return own;
}

/** Whether an IP address is loopback, link-local, private, unspecified or this computer's. */
export function isDisallowedAddress(ip: string): boolean {
  const { address, family } = unmapped(ip.split('%')[0] ?? ip);
  if (isIP(address) === 0) return true;
  return disallowed.check(address, family) || ownAddresses().has(address);
}

/** The host name a URL connects to, without the brackets of an IPv6 literal. */
export function urlHostname(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/**
 * Whether the URL's host is, or resolves to, a disallowed address. A name
 * that does not resolve now is not refused: delivery checks again, as DNS
 * may change between the two.
 */
export async function reachesDisallowedNetwork(url: string): Promise<boolean> {
  const hostname = urlHostname(url);
  if (hostname === null || hostname === '') return false;
  if (isIP(hostname) !== 0) return isDisallowedAddress(hostname);
  try {
    return (await resolveAll(hostname)).some((entry) => isDisallowedAddress(entry.address));
  } catch {
    return false;
  }
}

export class DisallowedNetworkError extends Error {
  readonly code = 'EDISALLOWEDNETWORK';
}

/**
 * A `lookup` for http.request that refuses a name resolving to a disallowed
 * address, so that the address connected to is the one checked.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    if (addresses.length === 0 || addresses.some((entry) => isDisallowedAddress(entry.address))) {
      callback(new DisallowedNetworkError(`${hostname} is on a disallowed network`), '', 0);
      return;
    }
    if (options.all) {
      (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      return;
    }
    const [first] = addresses;
    callback(null, first?.address ?? '', first?.family ?? 4);
  });
};
