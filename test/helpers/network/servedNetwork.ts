import type { Host } from '../../../src-main/server/host';

/** The network a host serves; the test fails when the host could not serve it. */
export function servedNetwork(host: Host) {
  const network = host.network;
  if (!network || !('urls' in network)) throw new Error('the host serves no network');
  return network;
}
