import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { KEEP_ALIVE_MS, REQUEST_TIMEOUT_MS, type RequestListener } from '../http/budgetedListener';
import { explainBindFailure, type BindFailure } from './bindFailure';
import type { HostCertificate } from './certificate';

/** Where the host also serves the network, over HTTPS. */
export interface NetworkExposure {
  /** An interface's address, or 0.0.0.0 / :: for all of them. */
  address: string;
  port: number;
}

export interface NetworkListener {
  port: number;
  /** Serves new connections with another certificate; those open keep theirs, and no queue notices. */
  replaceCertificate(certificate: Pick<HostCertificate, 'certPem' | 'keyPem'>): void;
  /**
   * Serves `certificate` to new connections that ask for one of `names`
   * (TLS server name indication), as a phone opening the host by its public
   * name does; a connection to an address keeps the certificate Hearth's
   * clients pinned. Replaces the certificate served by name before.
   */
  serveForNames(
    certificate: Pick<HostCertificate, 'certPem' | 'keyPem'>,
    names: readonly string[],
  ): void;
  close(): Promise<void>;
}

/**
 * Serves `listener` (the app's routing, behind the same turn budget) over
 * HTTPS on the exposure's address, beside the plain-HTTP loopback listener
 * the app itself owns: both reach the same routes, rate limits and event queues.
 */
export function listenOnNetwork(
  listener: RequestListener,
  exposure: NetworkExposure,
  certificate: HostCertificate,
): Promise<NetworkListener | BindFailure> {
  let byName = new Map<string, SecureContext>();
  const server: Server = createServer(
    {
      key: certificate.keyPem,
      cert: certificate.certPem,
      // No context for a name: the default certificate (Node's rule).
      SNICallback: (servername, done) => done(null, byName.get(servername.toLowerCase())),
      requestTimeout: REQUEST_TIMEOUT_MS,
      // As on loopback: the app refuses a missing Host in Zulip's JSON.
      requireHostHeader: false,
    },
    listener,
  );
  // As on loopback: clients that pause between requests (a window idle for
  // a few seconds) find their connection still open.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return new Promise((resolve) => {
    const failed = (error: Error) => {
      server.close();
      resolve(explainBindFailure(error, exposure.address, exposure.port));
    };
    server.once('error', failed);
    server.listen({ host: exposure.address, port: exposure.port }, () => {
      server.off('error', failed);
      resolve({
        port: (server.address() as AddressInfo).port,
        replaceCertificate: ({ certPem, keyPem }) =>
          server.setSecureContext({ key: keyPem, cert: certPem }),
        serveForNames: ({ certPem, keyPem }, names) => {
          const context = createSecureContext({ key: keyPem, cert: certPem });
          byName = new Map(names.map((name) => [name.toLowerCase(), context]));
        },
        close: () =>
          new Promise<void>((done) => {
            // Long-polls are answered before the host closes; what stays open is idle.
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export const isBindFailure = (value: NetworkListener | BindFailure): value is BindFailure =>
  'code' in value;
