import type { ConnectionProblem } from '../../../src-preload/calls/networkCalls';
import { certificateChange } from './certificates';
import { certificateDetails } from './certificateDetails';
import { proxyFailure } from './proxyError';

/**
 * What a failed request waits on the person for, if anything: a decision on
 * the new certificate its server presents, or credentials for the proxy.
 * Other failures pass with time and retries.
 */
export function connectionProblem(error: unknown, serverUrl: string): ConnectionProblem | null {
  const changed = certificateChange(error);
  if (changed) {
    return {
      kind: 'certificate-changed',
      serverUrl,
      trusted: changed.expected,
      certificate: certificateDetails(changed.certificate.certPem),
    };
  }
  const proxy = proxyFailure(error);
  if (proxy?.failure === 'credentials') {
    return {
      kind: 'proxy-credentials',
      proxy: proxy.proxy,
      credentialsGiven: proxy.credentialsGiven,
    };
  }
  return null;
}
