import { isIPv4 } from 'node:net';
import { Bonjour, type Service } from 'bonjour-service';
import { fingerprintInLink, parseFingerprint } from '../../wire/fingerprint';

/** A Hearth host announcing itself on the local network: not trusted until its fingerprint is. */
export interface FoundOrganization {
  realmName: string;
  /** Where it answers, over HTTPS. */
  serverUrl: string;
  /** The certificate it says it has; a person compares it with the host's Hosting page. */
  fingerprint: string;
}

// Hosts answer a query within a second on a local network.
const defaultListenMs = 1_500;

/** The Hearth hosts that answer on the local network within `listenMs` (DNS-SD, `_hearth._tcp`). */
export function findOrganizations(listenMs = defaultListenMs): Promise<FoundOrganization[]> {
  return new Promise((resolve) => {
    const found = new Map<string, FoundOrganization>();
    let bonjour: Bonjour;
    try {
      bonjour = new Bonjour({}, () => undefined);
      bonjour.find({ type: 'hearth', protocol: 'tcp' }, (service: Service) => {
        const organization = organizationOf(service);
        if (organization) found.set(service.fqdn, organization);
      });
    } catch {
      // No multicast here (no network at all): nothing to find.
      resolve([]);
      return;
    }
    setTimeout(() => {
      bonjour.destroy();
      resolve([...found.values()].sort((a, b) => a.realmName.localeCompare(b.realmName)));
    }, listenMs);
  });
}

function organizationOf(service: Service): FoundOrganization | null {
  const txt = (service.txt ?? {}) as Record<string, unknown>;
  const fingerprint = parseFingerprint(String(txt.fingerprint ?? ''));
  // The address the answer came from is one this computer reaches; the others may not be.
  const address =
    service.referer && isIPv4(service.referer.address)
      ? service.referer.address
      : service.addresses?.find((candidate) => isIPv4(candidate));
  if (fingerprint === null || address === undefined) return null;
  return {
    realmName: typeof txt.realm === 'string' && txt.realm !== '' ? txt.realm : service.name,
    serverUrl: `https://${address}:${service.port}`,
    fingerprint,
  };
}

/** The address the Join form takes for a found host: its URL, carrying the fingerprint to pin. */
export const pinnedAddressOf = (organization: FoundOrganization): string =>
  `${organization.serverUrl}/#fingerprint=${fingerprintInLink(organization.fingerprint)}`;
