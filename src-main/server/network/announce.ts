import type { Bonjour } from 'bonjour-service';
import { fingerprintInLink } from '../../wire/fingerprint';

/** The DNS-SD service type Hearth hosts announce themselves under: `_hearth._tcp`. */
export const serviceType = 'hearth';

export interface Announcement {
  stop(): Promise<void>;
}

// Stopping says goodbye on the network; a network that is gone must not hold up a shutdown.
const goodbyeMs = 1_000;

/**
 * Announces the host on the local network with DNS-SD over multicast DNS, so
 * that colleagues' Join forms list it. The record says which certificate to
 * expect, but nothing on a network vouches for it: a person compares it with
 * the Hosting page before a client pins it. A network without multicast only
 * costs the announcement, never the host.
 */
export async function announce(
  host: { realmName: string; port: number; fingerprint: string },
  log: (line: string) => void,
): Promise<Announcement> {
  const fingerprint = fingerprintInLink(host.fingerprint);
  let bonjour: Bonjour;
  try {
    // Loaded by a host that serves the network, not by every host (a loopback
    // host never announces itself).
    const mdns = await import('bonjour-service');
    bonjour = new mdns.Bonjour({}, (error: unknown) =>
      log(`mDNS announcement failed: ${String(error)}`),
    );
    const service = bonjour.publish({
      // Instance names must be unique on the network; the certificate's is.
      name: `Hearth ${fingerprint.slice(0, 12)}`,
      type: serviceType,
      protocol: 'tcp',
      port: host.port,
      txt: { realm: host.realmName, fingerprint },
      probe: false,
    });
    service.on('error', (error: unknown) => log(`mDNS announcement failed: ${String(error)}`));
  } catch (error) {
    log(`mDNS announcement failed: ${String(error)}`);
    return { stop: async () => undefined };
  }
  return {
    stop: () =>
      new Promise<void>((done) => {
        const timer = setTimeout(done, goodbyeMs);
        bonjour.unpublishAll(() =>
          bonjour.destroy(() => {
            clearTimeout(timer);
            done();
          }),
        );
      }),
  };
}
