import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { mt } from '../../i18n/mainText';

/** A server's own certificate, trusted by its fingerprint rather than by an authority. */
export interface CertificatePin {
  /** SHA-256, as colon-separated upper-case hex pairs. */
  fingerprint: string;
  certPem: string;
}

/** The server presented another certificate than the one pinned. */
export class CertificateChangedError extends Error {
  override readonly name = 'CertificateChangedError';

  readonly presented: string;

  constructor(
    readonly host: string,
    readonly expected: string,
    /** What the server presents instead, for the person to decide on. */
    readonly certificate: CertificatePin,
  ) {
    super(
      mt('main.certificate.changed', {
        host,
        presented: certificate.fingerprint,
        expected,
      }),
    );
    this.presented = certificate.fingerprint;
  }
}

/** The pinned certificate's refusal somewhere along the error's causes, if that is what failed. */
export function certificateChange(error: unknown): CertificateChangedError | null {
  for (let link: unknown = error; link instanceof Error; link = link.cause) {
    if (link instanceof CertificateChangedError) return link;
  }
  return null;
}

/** The certificate a connection's server presented, as pinned. */
export function presentedCertificate(socket: TLSSocket): CertificatePin {
  const peer = socket.getPeerCertificate();
  if (!peer.raw) throw new Error('the server presented no certificate');
  const certificate = new X509Certificate(peer.raw);
  return { fingerprint: certificate.fingerprint256, certPem: certificate.toString() };
}
