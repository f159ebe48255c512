import type { ReachProblem } from '../../../src-preload/bridge';

/** A certificate the person may decide to trust: one no authority vouches for, or one that replaced a trusted one. */
export type CertificateProblem = Extract<
  ReachProblem,
  { kind: 'untrusted-certificate' | 'certificate-changed' }
>;

export const isCertificateProblem = (
  problem: ReachProblem | null | undefined,
): problem is CertificateProblem =>
  problem?.kind === 'untrusted-certificate' || problem?.kind === 'certificate-changed';

const dateFormat = new Intl.DateTimeFormat([], { dateStyle: 'long' });

export const certificateDate = (epochMs: number): string => dateFormat.format(epochMs);

/** The server's host and port (or its host name alone), as the person typed it. */
export function serverHost(serverUrl: string, part: 'host' | 'hostname' = 'host'): string {
  try {
    return new URL(serverUrl)[part];
  } catch {
    return serverUrl;
  }
}

/** What is wrong with the certificate, in words a person can check. */
export function certificateTrouble(problem: CertificateProblem): string {
  const host = serverHost(problem.serverUrl);
  const { certificate } = problem;
  if (problem.kind === 'certificate-changed') {
    return `${host} presents a different certificate from the one you trusted. Its administrator may have replaced it, or someone may be intercepting the connection.`;
  }
  switch (problem.reason) {
    case 'self-signed':
      return `Its certificate is self-signed: nothing vouches that it belongs to ${host}.`;
    case 'expired':
      return `Its certificate expired on ${certificateDate(certificate.validTo)}.`;
    case 'not-yet-valid':
      return `Its certificate is valid only from ${certificateDate(certificate.validFrom)}: it is new, or this computer’s clock is wrong.`;
    case 'hostname-mismatch':
      return `Its certificate is for ${certificate.names.join(', ') || 'other names'}, not for ${serverHost(problem.serverUrl, 'hostname')}.`;
    case 'unknown-ca':
      return `Its certificate was issued by ${certificate.issuer}, an authority this computer does not trust.`;
  }
}

/**
 * The address that asks main to trust exactly this certificate for this
 * server: the typed one, with the fingerprint as invitation links carry it.
 */
export function pinnedAddress(typed: string, fingerprint: string): string {
  const address = (typed.split('#')[0] ?? '').trim().replace(/\/+$/, '');
  return `${address}/#fingerprint=${fingerprint.replaceAll(':', '').toLowerCase()}`;
}
