import { execFile } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTrusting, occupyPort, portOf, release } from '../helpers/https';
import { startOrg, type Org } from '../helpers/org';

// Issue 16, points 2 and 3: a host that also serves its network, over HTTPS
// with a certificate of its own, while loopback stays plain HTTP.

// What Zulip's Python client does with a zuliprc's cert_bundle: configparser
// reads it, and requests verifies against that file alone. The standard
// library's OpenSSL does the same check here, with Python 3.13's strict
// certificate rules turned on.
const pythonClient = `
import base64, configparser, json, ssl, sys, urllib.request
config = configparser.ConfigParser()
config.read(sys.argv[1])
api = config['api']
context = ssl.create_default_context(cafile=api['cert_bundle'])
context.verify_flags |= ssl.VERIFY_X509_STRICT
token = base64.b64encode(f"{api['email']}:{api['key']}".encode()).decode()
request = urllib.request.Request(api['site'] + '/api/v1/users/me', headers={'Authorization': 'Basic ' + token})
print(json.load(urllib.request.urlopen(request, context=context))['email'])
`;

const runPython = (zuliprc: string): Promise<{ stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile('python3', ['-c', pythonClient, zuliprc], (error, stdout, stderr) =>
      resolve({ stdout, stderr: error && stderr === '' ? error.message : stderr }),
    );
  });

describe('a host exposed to its network', () => {
  let org: Org;
  let certPem: string;

  beforeAll(async () => {
    org = await startOrg({ network: { address: '0.0.0.0', port: 0 } });
    certPem = await readFile(join(org.dataDir, 'tls', 'certificate.pem'), 'utf8');
  });
  afterAll(() => org.close());

  const serving = () => {
    const network = org.network;
    if (!network || !('urls' in network))
      throw new Error(`not serving: ${JSON.stringify(network)}`);
    return network;
  };

  it('serves HTTPS on every network address and plain HTTP on loopback', async () => {
    const { urls, fingerprint } = serving();
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url).toMatch(/^https:\/\/(?!127\.)[\d.]+:[1-9]\d*$/);
      const answer = await getTrusting(`${url}/api/v1/server_settings`, certPem);
      expect(answer).toMatchObject({ status: 200, json: { realm_uri: urls[0] } });
    }
    expect(org.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await org.api()('GET', '/server_settings')).status).toBe(200);
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('refuses a client that does not trust its certificate', async () => {
    const [url] = serving().urls;
    await expect(getTrusting(`${url}/api/v1/server_settings`, '')).rejects.toThrow(
      /self[- ]signed|unable to verify/i,
    );
  });

  it('keeps its private key to its owner and its certificate for others to read', async () => {
    const tls = join(org.dataDir, 'tls');
    expect((await stat(join(tls, 'private-key.pem'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(tls, 'certificate.pem'))).mode & 0o777).toBe(0o644);
    expect(serving().certPath).toBe(join(tls, 'certificate.pem'));
  });

  it('hands out invitation links to its network address, carrying the fingerprint', async () => {
    const { urls, fingerprint } = serving();
    const created = await org.api(org.owner)('POST', '/invites/multiuse', {});
    const hex = fingerprint.replaceAll(':', '').toLowerCase();
    expect(created.json.invite_link).toMatch(
      new RegExp(`^${urls[0]}/join/[a-z0-9]{24}/#fingerprint=${hex}$`),
    );
  });

  it('answers a zuliprc naming its certificate as cert_bundle, as Zulip’s Python client reads it', async () => {
    const { urls, certPath } = serving();
    const zuliprc = join(org.dataDir, 'network-zuliprc');
    const { email, apiKey } = org.owner;
    await writeFile(
      zuliprc,
      `[api]\nemail=${email}\nkey=${apiKey}\nsite=${urls[0]}\ncert_bundle=${certPath}\n`,
    );
    // Asynchronously: the host answering it runs in this process.
    const python = await runPython(zuliprc);
    expect(python.stderr).toBe('');
    expect(python.stdout.trim()).toBe(email);
  });

  it('keeps the same certificate, port and fingerprint across a restart', async () => {
    const before = serving();
    await org.restart();
    const after = serving();
    expect(after.fingerprint).toBe(before.fingerprint);
    expect(after.urls).toEqual(before.urls);
    expect(await readFile(after.certPath, 'utf8')).toBe(certPem);
  });
});

describe('a network port the host cannot have', () => {
  let taken: Server;

  beforeAll(async () => {
    taken = await occupyPort('0.0.0.0');
  });
  afterAll(() => release(taken));

  it('says the port is in use, and still serves loopback', async () => {
    const port = portOf(taken);
    const org = await startOrg({ network: { address: '0.0.0.0', port } });
    try {
      expect(org.network).toMatchObject({
        port,
        failure: {
          code: 'in-use',
          message: expect.stringContaining(`Port ${port} is already in use`),
        },
      });
      expect((await org.api()('GET', '/server_settings')).status).toBe(200);
    } finally {
      await org.close();
    }
  });

  it('says the computer has no such address', async () => {
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): .254 is nobody's here.
    const org = await startOrg({ network: { address: '192.0.2.254', port: 0 } });
    try {
      expect(org.network).toMatchObject({
        failure: { code: 'no-such-address', message: expect.stringContaining('192.0.2.254') },
      });
    } finally {
      await org.close();
    }
  });
});
