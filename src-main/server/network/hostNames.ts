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

function ownAddresses(): Set<string> {
  const found = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const host = hostOfHeader(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address);
      if (host !== null) found.add(host);
    }
  }
  return found;
}

// A phone on the office network names the host by its address or its .local
// name in every request. Reading the interfaces costs more than the rest of a
// GET /users/me, so they are read again only once this old: an address DHCP
// gives while the host runs is answered within a second.
const OWN_READ_MS = 1000;

/**
 * Which Host headers the host answers: the names by which a web page may
 * legitimately reach it. A page that rebinds its own name to this computer
 * still sends that name, so anything outside this list is refused (DNS
 * rebinding). This computer's names and addresses are read again while the
 * host runs, as an address may change under DHCP.
 */
export class HostNames {
  private readonly configured: ReadonlySet<string>;
  private certificate: X509Certificate | null = null;
  // The names and addresses the certificate was found to cover: asked of it
  // once each rather than at every request; only what it covers is kept, so
  // forged names cannot grow it.
  private certified = new Set<string>();
  // Every request is checked, and clients send one Host header over and
  // over: its parse is kept, as parsing it as a URL costs more than the rest.
  private lastHeader: string | undefined;
  private lastHost: string | null = null;
  private own = { names: new Set<string>(), addresses: new Set<string>() };
  private ownReadAt = -Infinity;

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
    this.certified = new Set();
  }

  private hostOf(header: string): string | null {
    if (header !== this.lastHeader) {
      this.lastHost = hostOfHeader(header);
      this.lastHeader = header;
    }
    return this.lastHost;
  }

  private ownNow(): { names: ReadonlySet<string>; addresses: ReadonlySet<string> } {
    const now = performance.now();
    if (now - this.ownReadAt >= OWN_READ_MS) {
      this.own = { names: new Set(ownNames()), addresses: ownAddresses() };
      this.ownReadAt = now;
    }
    return this.own;
  }

  private certifies(host: string, address: boolean): boolean {
    if (this.certified.has(host)) return true;
    const certificate = this.certificate;
    if (!certificate) return false;
    const covered = address
      ? certificate.checkIP(host) !== undefined
      : certificate.checkHost(host, { subject: 'never', wildcards: false }) !== undefined;
    if (covered) this.certified.add(host);
    return covered;
  }

  answers(header: string | undefined): boolean {
    const host = header === undefined ? null : this.hostOf(header);
    if (host === null) return false;
    if (host === 'localhost' || this.configured.has(host)) return true;
    if (isIP(host) !== 0) {
      return isLoopback(host) || this.ownNow().addresses.has(host) || this.certifies(host, true);
    }
    return this.ownNow().names.has(host) || this.certifies(host, false);
  }
}
