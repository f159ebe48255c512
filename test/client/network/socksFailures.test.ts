import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Network } from '../../../src-main/client/network/routing';
import { closedPort } from '../../helpers/network/closedPort';
import { startOfficeProxy, type OfficeProxy } from '../../helpers/network/officeProxy';
import { probeFailure } from '../../helpers/network/probeFailure';
import { startOrg, type Org } from '../../helpers/org';

// Issue 35, point 4: what joining says when a SOCKS5 proxy is the trouble,
// each against a real socket.
describe('a join that names the SOCKS proxy’s failure', () => {
  let org: Org;
  let guarded: OfficeProxy;
  let open: OfficeProxy;
  let serverUrl: string;
  const networks: Network[] = [];

  /** Probes through a manual SOCKS5 proxy on this computer, expecting it to fail. */
  const probeThrough = async (
    port: number,
    credentials: { username: string; password: string } | null,
    url = serverUrl,
  ) => {
    const network = new Network({ env: {} });
    networks.push(network);
    network.configure(
      {
        mode: 'manual',
        scheme: 'socks5',
        host: '127.0.0.1',
        port,
        username: credentials?.username ?? null,
        bypass: [],
      },
      credentials?.password ?? null,
    );
    return probeFailure(url, network);
  };

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    guarded = await startOfficeProxy('alice:open sesame', { scheme: 'socks5' });
    open = await startOfficeProxy('', { scheme: 'socks5' });
    // The host, by a name only the proxy knows.
    serverUrl = `http://chat.corp.example:${new URL(org.url).port}`;
  });
  afterAll(async () => {
    for (const network of networks) await network.close();
    await guarded?.close();
    await open?.close();
    await org?.close();
  });

  it('says the proxy did not accept the user name and password', async () => {
    const wrong = await probeThrough(guarded.port, { username: 'alice', password: 'guess' });
    expect(wrong).toMatchObject({ kind: 'proxy', reason: 'credentials', field: 'serverUrl' });
    expect(wrong.message).toBe(
      `The proxy socks5://127.0.0.1:${guarded.port} did not accept the user name and password it was given: give them in Settings › Network.`,
    );
  });

  it('asks for a user name and password when the proxy wants them and none were given', async () => {
    const asked = await probeThrough(guarded.port, null);
    expect(asked).toMatchObject({ kind: 'proxy', reason: 'credentials' });
    expect(asked.message).toBe(
      `The proxy socks5://127.0.0.1:${guarded.port} asks for a user name and password: give them in Settings › Network.`,
    );
  });

  it('says the proxy cannot be reached when nothing listens at its address', async () => {
    const port = await closedPort();
    const absent = await probeThrough(port, null);
    expect(absent).toMatchObject({ kind: 'proxy', reason: 'unreachable' });
    expect(absent.message).toBe(
      `The proxy socks5://127.0.0.1:${port} could not be reached: check Settings › Network, or ask whoever runs it.`,
    );
  });

  it('says the proxy could not reach a server it knows no name for', async () => {
    const nowhere = await probeThrough(open.port, null, 'http://nowhere.invalid:8080');
    expect(nowhere).toMatchObject({ kind: 'proxy', reason: 'target-unreachable' });
    expect(nowhere.message).toBe(
      `The proxy socks5://127.0.0.1:${open.port} could not reach nowhere.invalid:8080: check the address.`,
    );
    expect(open.tunnels).toContain('nowhere.invalid:8080');
  });

  it('says the proxy refused to connect to a server its rules forbid', async () => {
    const forbidden = await probeThrough(open.port, null, 'http://forbidden.corp.example:8080');
    expect(forbidden).toMatchObject({ kind: 'proxy', reason: 'refused' });
    expect(forbidden.message).toBe(
      `The proxy socks5://127.0.0.1:${open.port} refused to connect to forbidden.corp.example:8080: ask whoever runs it to allow this server.`,
    );
  });
});
