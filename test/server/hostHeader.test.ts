import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from '../../src-main/server/host';
import { interfaceAddresses } from '../../src-main/server/network/addresses';
import { hostCertificate } from '../../src-main/server/network/certificate';
import { killed, serveCli, type CliHost } from '../helpers/cliHost';
import { requestNamed, requestWithoutHost } from '../helpers/hostHeader';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { onePixelPng, postFiles } from '../helpers/uploads';

// Issue 37, point 3: a web page that rebinds its own name to this computer
// reaches the host's port, but the host answers only to its own names, so the
// page's requests are refused before anything runs.

const refusal = (host: string | null) => ({
  status: 400,
  json: {
    result: 'error',
    msg:
      host === null
        ? 'Missing Host header: this host answers only to its own names and addresses'
        : `Invalid Host header '${host}': this host answers only to its own names and addresses`,
    code: 'BAD_REQUEST',
  },
});

/** A current address of this computer outside loopback, as DHCP gave it. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

const forged = (port: number) => [
  'attacker.example',
  'attacker.example:80',
  `attacker.example:${port}`,
  // Rebinding services answer such names with 127.0.0.1; the name is still the attacker's.
  `127.0.0.1.nip.io:${port}`,
  `localhost.attacker.example:${port}`,
  `${hostname()}.attacker.example`,
  // Nothing but a host and a port: no user part for a URL parser to drop.
  `attacker.example@localhost:${port}`,
  `localhost:${port}/`,
  '',
];

describe('a host on loopback, named in the Host header', () => {
  let org: Org;
  let alice: TestUser;
  let port: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'general');
    port = Number(new URL(org.url).port);
  });
  afterAll(() => org.close());

  const usersMe = (host: string | null) =>
    requestNamed(org.url, { host, path: '/api/v1/users/me', user: alice });

  it('refuses names that are not its own with Zulip’s 400, even with valid credentials', async () => {
    for (const host of forged(port)) {
      expect(await usersMe(host), host).toMatchObject(refusal(host));
    }
  });

  it('answers loopback by name and address, with or without the port', async () => {
    for (const host of [
      'localhost',
      `localhost:${port}`,
      `LocalHost.:${port}`,
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `127.1.2.3:${port}`,
      `[::1]:${port}`,
      '[0:0:0:0:0:0:0:1]',
    ]) {
      expect(await usersMe(host), host).toMatchObject({
        status: 200,
        json: { email: alice.email },
      });
    }
  });

  it('judges each request by its own Host header, however the ones before it were named', async () => {
    const own = `localhost:${port}`;
    for (const host of [own, own, 'attacker.example', 'attacker.example', own, `[::1]:${port}`]) {
      expect(await usersMe(host), host).toMatchObject(
        host === 'attacker.example' ? refusal(host) : { status: 200, json: { email: alice.email } },
      );
    }
  });

  it('answers this computer’s names: its host name and its .local name', async () => {
    const name = hostname();
    for (const host of [name, `${name}:${port}`, `${name}.local:${port}`, name.toUpperCase()]) {
      expect(await usersMe(host), host).toMatchObject({
        status: 200,
        json: { email: alice.email },
      });
    }
  });

  it.skipIf(lanAddress === undefined)('answers an address this computer has now', async () => {
    const host = `${lanAddress}:${port}`;
    expect(await usersMe(host)).toMatchObject({ status: 200, json: { email: alice.email } });
  });

  it('writes nothing for a refused request: a message sent under a forged name is not there', async () => {
    const content = 'sent under a rebound name';
    const sent = await requestNamed(org.url, {
      host: `attacker.example:${port}`,
      method: 'POST',
      path: '/api/v1/messages',
      user: alice,
      form: { type: 'stream', to: 'general', topic: 'rebinding', content },
    });
    expect(sent).toMatchObject(refusal(`attacker.example:${port}`));
    const found = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'topic', operand: 'rebinding' }],
    });
    expect(found).toMatchObject({ status: 200, json: { messages: [] } });
  });

  it('refuses under a forged name what it serves outside the API too: uploads, invitations, webhooks, unknown paths', async () => {
    const uploaded = await postFiles(org, alice, 'POST', '/user_uploads', [
      { name: 'file', data: onePixelPng },
    ]);
    const uploadPath = String(uploaded.json.url);
    const invited = await org.api(org.owner)('POST', '/invites/multiuse', {});
    const joinPath = new URL(String(invited.json.invite_link)).pathname;
    for (const path of [uploadPath, joinPath, `/avatar/${alice.id}`, '/no/such/page']) {
      expect(await requestNamed(org.url, { host: 'attacker.example', path }), path).toMatchObject(
        refusal('attacker.example'),
      );
    }
    // The same paths are served under the host's own name.
    for (const path of [uploadPath, joinPath]) {
      const answer = await requestNamed(org.url, { host: `localhost:${port}`, path, user: alice });
      expect(answer.status, path).toBe(200);
    }
  });

  it('refuses a request that names no host, in HTTP/1.0 and 1.1', async () => {
    expect(await requestWithoutHost(org.url, '/api/v1/server_settings')).toMatchObject(
      refusal(null),
    );
    expect(await usersMe(null)).toMatchObject(refusal(null));
  });
});

describe('a host given the names it is also reached by', () => {
  let org: Org;

  beforeAll(async () => {
    org = await startOrg({ allowedHosts: ['Chat.Corp.Example', 'fd00::7'] });
  });
  afterAll(() => org.close());

  it('answers those names, whatever their case, and still refuses others', async () => {
    const port = new URL(org.url).port;
    const named = (host: string) =>
      requestNamed(org.url, { host, path: '/api/v1/server_settings' });
    expect(await named(`chat.corp.example:${port}`)).toMatchObject({ status: 200 });
    expect(await named('[FD00::7]:443')).toMatchObject({ status: 200 });
    expect(await named('other.corp.example')).toMatchObject(refusal('other.corp.example'));
  });
});

describe('a host serving its network over TLS', () => {
  // An address the certificate was made for, which this computer no longer
  // has: 198.51.100.0/24 is TEST-NET-2 (RFC 5737).
  const formerAddress = '198.51.100.7';
  let dataDir: string;
  let host: Host;
  let certPem: string;
  let networkUrl: URL;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-host-header-'));
    // The certificate of an earlier start, when DHCP had also given the computer another address.
    const addresses = interfaceAddresses().map((entry) => entry.address);
    certPem = (await hostCertificate(dataDir, [...addresses, formerAddress])).certPem;
    host = await startHost({
      dataDir,
      port: 0,
      network: { address: '0.0.0.0', port: 0 },
      announce: false,
      rateLimits: false,
    });
    if (!host.network || !('urls' in host.network)) throw new Error('not serving the network');
    networkUrl = new URL(host.network.urls[0] ?? '');
    expect(await readFile(host.network.certPath, 'utf8')).toBe(certPem);
  });
  afterAll(async () => {
    await host?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const usersMe = (name: string) =>
    requestNamed(networkUrl.href, {
      host: name,
      path: '/api/v1/users/me',
      ca: certPem,
      user: {
        id: host.owner.userId,
        email: host.owner.email,
        fullName: host.owner.fullName,
        apiKey: host.owner.apiKey,
      },
    });

  it('refuses forged names over TLS with the same 400', async () => {
    for (const name of forged(Number(networkUrl.port))) {
      expect(await usersMe(name), name).toMatchObject(refusal(name));
    }
  });

  it('answers the names and addresses its certificate holds', async () => {
    const port = networkUrl.port;
    for (const name of [
      `${networkUrl.hostname}:${port}`,
      `${hostname()}.local:${port}`,
      `${formerAddress}:${port}`,
    ]) {
      expect(await usersMe(name), name).toMatchObject({
        status: 200,
        json: { email: host.owner.email },
      });
    }
  });

  it('judges each name by its certificate however often the names it covers came before', async () => {
    const port = networkUrl.port;
    const former = `${formerAddress}:${port}`;
    const foreign = `198.51.100.8:${port}`;
    for (const name of [former, former, foreign, 'attacker.example', former, foreign]) {
      expect(await usersMe(name), name).toMatchObject(
        name === former ? { status: 200, json: { email: host.owner.email } } : refusal(name),
      );
    }
  });

  it('refuses a request that names no host over TLS too', async () => {
    const answer = await requestNamed(networkUrl.href, {
      host: null,
      path: '/api/v1/server_settings',
      ca: certPem,
    });
    expect(answer).toMatchObject(refusal(null));
  });
});

describe('npm run serve --allowed-host', () => {
  let dataDir: string;
  let served: CliHost;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-host-header-cli-'));
    served = await serveCli(dataDir, ['--allowed-host', 'chat.corp.example']);
  }, 60_000);
  afterAll(async () => {
    await killed(served.child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the name it is given, and refuses others', async () => {
    const named = (host: string) =>
      requestNamed(served.url, { host, path: '/api/v1/server_settings' });
    expect(await named('chat.corp.example')).toMatchObject({ status: 200 });
    expect(await named('attacker.example')).toMatchObject(refusal('attacker.example'));
  });
});
