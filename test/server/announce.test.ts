import { describe, expect, it } from 'vitest';
import { announce } from '../../src-main/server/network/announce';

// The mDNS library is loaded by the first announcement, not with the host.
describe('announcing a host on its network', () => {
  it('publishes from a fresh start and says goodbye on stop', async () => {
    const failures: string[] = [];
    const announcement = await announce(
      { realmName: 'Lab', port: 44321, fingerprint: 'AB:CD:EF:01:23:45:67:89' },
      (line) => failures.push(line),
    );
    await announcement.stop();
    expect(failures).toEqual([]);
  });
});
