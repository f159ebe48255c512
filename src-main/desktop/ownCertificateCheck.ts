import type { OwnCertificateRequest, ServedCertificate } from '../../src-preload/bridge';
// A check of two PEM texts with node:crypto alone, the one the host makes of a certificate it serves.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import {
  CertificatePairError,
  certificateReport,
  checkCertificatePair,
  type PairProblem,
} from '../server/certificates/certificatePair';
import { mt, type MainKey } from '../i18n/mainText';

const problemKeys: Record<PairProblem, MainKey> = {
  unreadable: 'main.ownCertificate.unreadable',
  'key-mismatch': 'main.ownCertificate.keyMismatch',
  'incomplete-chain': 'main.ownCertificate.incompleteChain',
  expired: 'main.ownCertificate.expired',
  'not-yet-valid': 'main.ownCertificate.notYetValid',
  'no-name': 'main.ownCertificate.noName',
};

/**
 * Checks the owner's certificate and key before the host restarts to serve
 * them, as a phone would take them; throws, in the window's language, which
 * check failed. `authorities` are trusted besides the public ones (a test's).
 */
export function checkOwnCertificate(
  request: OwnCertificateRequest,
  authorities: readonly string[] | undefined,
): ServedCertificate {
  try {
    return certificateReport(
      checkCertificatePair(request.certPem, request.keyPem, {
        ...(authorities ? { authorities } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof CertificatePairError) {
      throw new Error(mt(problemKeys[error.problem]), { cause: error });
    }
    throw error;
  }
}
