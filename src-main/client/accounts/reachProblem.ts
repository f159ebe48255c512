import {
  untrustedReasonSchema,
  type ReachProblem,
  type UntrustedReason,
} from '../../../src-preload/calls/networkCalls';
import { certificateDetails } from '../network/certificateDetails';
import { connectionProblem } from '../network/connectionProblem';
import type { Network } from '../network/routing';
import { normaliseServerUrl } from './serverUrl';
import { SignInError } from './signInError';

// What a person may decide to trust anyway; a revoked certificate or a failed
// handshake leaves nothing to decide on.
const untrustedReasons: readonly string[] = untrustedReasonSchema.options;
const isUntrusted = (reason: string | undefined): reason is UntrustedReason =>
  reason !== undefined && untrustedReasons.includes(reason);

/**
 * What the person can act on after a join failed: the certificate no
 * authority vouches for (read again from the server, sending nothing), the
 * changed one, or the proxy's wish for credentials.
 */
export async function reachProblem(
  network: Network,
  error: unknown,
  address: string,
): Promise<ReachProblem | null> {
  if (!(error instanceof SignInError)) return null;
  let serverUrl: string;
  try {
    serverUrl = normaliseServerUrl(address);
  } catch {
    return null;
  }
  const known = connectionProblem(error, serverUrl);
  if (known) return known;
  const { reason } = error;
  if (error.kind !== 'tls' || !isUntrusted(reason)) return null;
  try {
    const presented = await network.readCertificate(serverUrl);
    return {
      kind: 'untrusted-certificate',
      serverUrl,
      reason,
      certificate: certificateDetails(presented.certPem),
    };
  } catch {
    // The server went away between the two connections: the message alone stands.
    return null;
  }
}
