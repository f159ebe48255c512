import { parseFingerprint } from '../../wire/fingerprint';
import { mt } from '../../i18n/mainText';
import type { HttpClientOptions } from '../api/http';
import { NetworkError } from '../api/errors';
import { CertificateChangedError, type CertificatePin } from '../network/certificates';
import type { Network } from '../network/routing';
import { explainFailure } from './explainFailure';
import { SignInError } from './signInError';

/**
 * The certificate to pin for a server an invitation link names with its
 * fingerprint: the one the server presents, if it is that one. Nothing is
 * sent to the server before the fingerprint matches. Null where there is
 * nothing to pin (no fingerprint, or plain HTTP on this computer).
 */
export async function pinFromLink(
  network: Network,
  serverUrl: string,
  fingerprint: string | null,
): Promise<CertificatePin | null> {
  if (fingerprint === null || new URL(serverUrl).protocol !== 'https:') return null;
  let presented: CertificatePin;
  try {
    presented = await network.readCertificate(serverUrl);
  } catch (error) {
    throw explainFailure(
      new NetworkError(`reading the certificate of ${serverUrl} failed`, { cause: error }),
      {
        serverUrl,
        credentialField: 'serverUrl',
      },
    );
  }
  if (presented.fingerprint !== fingerprint) {
    const changed = new CertificateChangedError(new URL(serverUrl).host, fingerprint, presented);
    throw new SignInError(
      'tls',
      mt('main.signIn.linkCertificateDiffers', {
        host: changed.host,
        presented: presented.fingerprint,
        expected: fingerprint,
      }),
      'serverUrl',
      { reason: 'changed' },
      { cause: changed },
    );
  }
  return presented;
}

/**
 * A typed address and the fingerprint it may carry after `#fingerprint=`
 * (an invitation link, or a host found on the network, carries one).
 */
export function splitPin(typed: string): { address: string; fingerprint: string | null } {
  const at = typed.indexOf('#');
  if (at < 0) return { address: typed, fingerprint: null };
  const fingerprint = new URLSearchParams(typed.slice(at + 1)).get('fingerprint');
  return {
    address: typed.slice(0, at).trim(),
    fingerprint: fingerprint === null ? null : parseFingerprint(fingerprint),
  };
}

/** How to reach a server: through the network, checked against its pinned certificate when it has one. */
export const reachThrough = (
  network: Network,
  serverUrl: string,
  pin: CertificatePin | null | undefined,
): Required<Pick<HttpClientOptions, 'fetch'>> => ({
  fetch: network.fetchFor(pin ? { serverUrl, pin } : null),
});
