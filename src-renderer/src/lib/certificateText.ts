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

/** The server's host and port (or its host name alone), as the person typed it. */
export function serverHost(serverUrl: string, part: 'host' | 'hostname' = 'host'): string {
  try {
    return new URL(serverUrl)[part];
  } catch {
    return serverUrl;
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
