import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { Network } from '../../../src-main/client/network/routing';
import { startOfficeProxy, type OfficeProxy } from '../../helpers/network/officeProxy';
import { probeFailure } from '../../helpers/network/probeFailure';
import { startOrg, type Org } from '../../helpers/org';

// Issue 35, point 4: what joining says when the proxy is the trouble, each
// against a real socket.
describe('a join that names the proxy’s failure', () => {
  let org: Org;
  let guarded: OfficeProxy;
  let serverUrl: string;
  const networks: Network[] = [];

  const probeThrough = async (env: Record<string, string>, url = serverUrl) => {
    const network = new Network({ env });
    networks.push(network);
    return probeFailure(url, network);
  };

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['chat.corp.example'] });
    guarded = await startOfficeProxy('alice:open sesame');
    // The host, by a name only the proxy knows.
    serverUrl = `http://chat.corp.example:${new URL(org.url).port}`;
  });
  afterAll(async () => {
    for (const network of networks) await network.close();
    await guarded?.close();
    await org?.close();
  });

  it('asks for credentials the proxy wants (407), and says when it refuses those given', async () => {
    const asked = await probeThrough({ HTTP_PROXY: guarded.url });
    expect(asked).toMatchObject({ kind: 'proxy', reason: 'credentials' });
    expect(asked.message).toBe(
      `The proxy http://127.0.0.1:${guarded.port} asks for a user name and password: give them in Settings › Network.`,
    );
    const wrong = await probeThrough({
      HTTP_PROXY: `http://alice:guess@127.0.0.1:${guarded.port}`,
    });
    expect(wrong.message).toContain('did not accept the user name and password');
  });

  it('goes through once the credentials are right', async () => {
    const network = new Network({
      env: { HTTP_PROXY: `http://alice:open%20sesame@127.0.0.1:${guarded.port}` },
    });
    networks.push(network);
    const server = await probeServer(serverUrl, { fetch: network.fetchFor() });
    expect(server.realmName).toBe(org.realmName);
  });

  it('says the proxy cannot be reached, and that it cannot reach the server', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const absent = await probeThrough({ HTTP_PROXY: `http://127.0.0.1:${port}` });
    expect(absent).toMatchObject({ kind: 'proxy', reason: 'unreachable' });
    expect(absent.message).toContain(`The proxy http://127.0.0.1:${port} could not be reached`);

    const open = await startOfficeProxy();
    try {
      const nowhere = await probeThrough({ HTTP_PROXY: open.url }, 'http://nowhere.invalid:8080');
      expect(nowhere).toMatchObject({ kind: 'proxy' });
      expect(nowhere.message).toMatch(
        /could not reach nowhere\.invalid|refused to connect to nowhere\.invalid/,
      );
    } finally {
      await open.close();
    }
  });
});
