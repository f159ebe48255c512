import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { hostOfHeader, hostOfSetting } from '../../wire/hostName';
import { isLoopback } from './addresses';

/**
 * The names this computer goes by on its own: its host name, and the `.local`
 * names a colleague's computer resolves over multicast DNS (the whole name, as
 * the certificate has it, and its first label, as Avahi and macOS announce it).
 */
function ownNames(): string[] {
  const name = hostname().toLowerCase();
  const label = name.split('.')[0] ?? name;
  return [name, `${name}.local`, label, `${label}.local`];
}

function isOwnAddress(address: string): boolean {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (hostOfHeader(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address) === address)
        return true;
    }
  }
  return false;
}

/**
 * Which Host headers the host answers: the names by which a web page may
 * legitimately reach it. A page that rebinds its own name to this computer
 * still sends that name, so anything outside this list is refused (DNS
 * rebinding). This computer's names and addresses are read at each check, as
 * an address may change under DHCP while the host runs.
 */
export class HostNames {
  private readonly configured: ReadonlySet<string>;
  private certificate: X509Certificate | null = null;
  // Every request is checked, and clients send one Host header over and
  // over: its parse is kept, as parsing it as a URL costs more than the rest.
  private lastHeader: string | undefined;
  private lastHost: string | null = null;

  /** `configured`: the names the host is also reached by, as Zulip's ALLOWED_HOSTS (a reverse proxy's, the office DNS's). */
  constructor(configured: readonly string[] = []) {
    this.configured = new Set(
      configured.map((name) => {
        const host = hostOfSetting(name);
        if (host === null) throw new Error(`'${name}' is not a host name or address`);
        return host;
      }),
    );
  }

  /** The certificate the network is served with: the names and addresses in it are the host's too. */
  trustCertificate(certPem: string): void {
    this.certificate = new X509Certificate(certPem);
  }

  private hostOf(header: string): string | null {
    if (header !== this.lastHeader) {
      this.lastHost = hostOfHeader(header);
      this.lastHeader = header;
    }
    return this.lastHost;
  }

  answers(header: string | undefined): boolean {
    const host = header === undefined ? null : this.hostOf(header);
    if (host === null) return false;
    if (host === 'localhost' || this.configured.has(host)) return true;
    if (isIP(host) !== 0) {
      return (
        isLoopback(host) || isOwnAddress(host) || this.certificate?.checkIP(host) !== undefined
      );
    }
    return (
      ownNames().includes(host) ||
      this.certificate?.checkHost(host, { subject: 'never', wildcards: false }) !== undefined
    );
  }
}
