import { networkInterfaces } from 'node:os';
import { hostPort } from '../../wire/hostPort';

/** An address of this computer that others on a network may reach it by. */
export interface InterfaceAddress {
  /** The interface's name, as the system knows it (eth0, wlp2s0, en0). */
  name: string;
  address: string;
  family: 'IPv4' | 'IPv6';
}

const wildcards = new Set(['0.0.0.0', '::']);
export const isWildcard = (address: string): boolean => wildcards.has(address);

export function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

/**
 * This computer's addresses outside loopback, IPv4 first. IPv6 link-local
 * addresses are left out: a URL needs their zone, which no colleague can type.
 */
export function interfaceAddresses(): InterfaceAddress[] {
  const found: InterfaceAddress[] = [];
  for (const [name, entries] of Object.entries(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.internal || entry.address.startsWith('fe80:')) continue;
      found.push({ name, address: entry.address, family: entry.family });
    }
  }
  return found.sort((a, b) => (a.family === b.family ? 0 : a.family === 'IPv4' ? -1 : 1));
}

export const httpsUrl = (address: string, port: number): string =>
  `https://${hostPort(address, port)}`;

/** The URLs colleagues use to reach a host bound to `address`: one per address it covers. */
export function networkUrls(address: string, port: number): string[] {
  if (!isWildcard(address)) return [httpsUrl(address, port)];
  const covered = interfaceAddresses().filter(
    (entry) => address === '::' || entry.family === 'IPv4',
  );
  return covered.map((entry) => httpsUrl(entry.address, port));
}
