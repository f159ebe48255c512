import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../../src-main/client/accounts/probeServer';
import { SignInError } from '../../../src-main/client/accounts/signInError';
import { startOrg, type Org } from '../../helpers/org';
import { fixture, serverSettingsAt, startFixtureServer } from './fixtureServer';

const listening = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const closing = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const refusal = async (promise: Promise<unknown>): Promise<SignInError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SignInError);
  return error as SignInError;
};

describe('probeServer against a Hearth host', () => {
  let org: Org;
  beforeAll(async () => {
    org = await startOrg();
  });
  afterAll(() => org.close());

  it("shows the organization's name, absolute icon, version and password sign-in", async () => {
    const info = await probeServer(`${org.url}/`);

    expect(info.serverUrl).toBe(org.url);
    expect(info.realmName).toBe(org.realmName);
    expect(info.realmIcon).toMatch(/^http:\/\/.+\/realm_icon\.svg$/);
    expect(info.featureLevel).toBeGreaterThanOrEqual(185);
    expect(info.zulipVersion).not.toBe('');
    expect(info.signIn).toMatchObject({ password: true, externalOnly: false });
    expect(info.warning).toBeNull();
  });
});

describe("probeServer on Zulip's published examples", () => {
  it('reads the example server settings of a server at feature level 185 or above', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': serverSettingsAt(185),
    });
    try {
      const info = await probeServer(server.url);

      expect(info).toMatchObject({
        serverUrl: server.url,
        realmUrl: 'http://localhost:9991',
        realmName: 'Zulip Dev',
        realmIcon:
          'https://secure.gravatar.com/avatar/62429d594b6ffc712f54aee976a18b44?d=identicon',
        zulipVersion: '5.0-dev-1650-gc3fd37755f',
        featureLevel: 185,
        signIn: {
          password: true,
          dev: true,
          usernameIsEmail: true,
          external: ['SAML', 'Google', 'GitHub'],
          externalOnly: false,
        },
      });
      expect(info.realmDescription).toContain('great for testing');
      expect(server.received[0]?.headers.authorization).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('refuses the example as published, which has no feature level: Zulip documents that as level 0', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': { status: 200, body: fixture('server-settings') },
    });
    try {
      const error = await refusal(probeServer(server.url));

      expect(error.kind).toBe('too-old');
      expect(error.field).toBe('serverUrl');
      expect(error.message).toContain('5.0-dev-1650-gc3fd37755f');
      expect(error.message).toContain('feature level 0');
      expect(error.message).toContain('Zulip 7.0 (feature level 185)');
    } finally {
      await server.close();
    }
  });

  it('reads a relative realm icon against the realm, and defaults keys an older server omits', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': {
        status: 200,
        body: {
          result: 'success',
          msg: '',
          zulip_version: '7.0',
          zulip_feature_level: 185,
          realm_name: 'Sparse',
          realm_uri: 'https://sparse.example.com',
          realm_icon: '/user_avatars/2/realm/icon.png?version=3',
          external_authentication_methods: [{ name: 'saml', display_name: 'SAML' }],
        },
      },
    });
    try {
      const info = await probeServer(server.url);

      expect(info.realmIcon).toBe(
        'https://sparse.example.com/user_avatars/2/realm/icon.png?version=3',
      );
      expect(info.realmDescription).toBe('');
      expect(info.signIn).toEqual({
        password: false,
        dev: false,
        usernameIsEmail: true,
        external: ['SAML'],
        externalOnly: true,
      });
    } finally {
      await server.close();
    }
  });

  it('offers the password form to an LDAP server, where people sign in with a username', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': {
        status: 200,
        body: {
          ...fixture('server-settings'),
          zulip_feature_level: 185,
          email_auth_enabled: false,
          require_email_format_usernames: false,
          authentication_methods: { password: false, dev: false, ldap: true },
          external_authentication_methods: [],
        },
      },
    });
    try {
      expect((await probeServer(server.url)).signIn).toEqual({
        password: true,
        dev: false,
        usernameIsEmail: false,
        external: [],
        externalOnly: false,
      });
    } finally {
      await server.close();
    }
  });

  it("refuses a Zulip server's root domain, where no organization lives", async () => {
    const settings: Record<string, unknown> = {
      ...fixture('server-settings'),
      zulip_feature_level: 200,
    };
    delete settings.realm_name;
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': { status: 200, body: settings },
    });
    try {
      expect((await refusal(probeServer(server.url))).kind).toBe('no-organization');
    } finally {
      await server.close();
    }
  });

  it('reports a rate limit on the probe with its wait in seconds', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': { status: 429, body: fixture('rate-limit-hit') },
    });
    try {
      const error = await refusal(probeServer(server.url));

      expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 29 });
    } finally {
      await server.close();
    }
  });
});

describe('probeServer refusals', () => {
  it('says the connection was refused when nothing listens on the port', async () => {
    const server = createHttpServer();
    const address = await listening(server);
    await closing(server);

    const error = await refusal(probeServer(`http://${address}`));

    expect(error).toMatchObject({ kind: 'unreachable', reason: 'refused', field: 'serverUrl' });
    expect(error.message).toBe(
      `${address} refused the connection: no server is listening at that address and port. Check the address and port.`,
    );
  });

  it('says the server did not answer in time when it accepts and stays silent', async () => {
    const silent = createHttpServer(() => undefined);
    const address = await listening(silent);
    try {
      const error = await refusal(probeServer(`http://${address}`, { timeoutMs: 200 }));

      expect(error).toMatchObject({ kind: 'unreachable', reason: 'timeout' });
      expect(error.message).toBe(
        `${address} did not answer in time: it may be down or blocked by a firewall; try again later, or check the address.`,
      );
    } finally {
      await closing(silent);
    }
  });

  it('refuses a web page that is not a Zulip server', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': {
        status: 200,
        body: '<!doctype html><html><body>Welcome to my blog</body></html>',
        headers: { 'content-type': 'text/html' },
      },
    });
    try {
      expect(await refusal(probeServer(server.url))).toMatchObject({
        kind: 'not-zulip',
        field: 'serverUrl',
      });
    } finally {
      await server.close();
    }
  });

  it("refuses JSON that lacks Zulip's fields", async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': { status: 200, body: { status: 'ok', version: 3 } },
    });
    try {
      expect((await refusal(probeServer(server.url))).kind).toBe('not-zulip');
    } finally {
      await server.close();
    }
  });

  it('refuses a 404 page with JSON that is not Zulip error JSON', async () => {
    const server = await startFixtureServer({
      'GET /api/v1/server_settings': { status: 404, body: { error: 'no such route' } },
    });
    try {
      expect((await refusal(probeServer(server.url))).kind).toBe('not-zulip');
    } finally {
      await server.close();
    }
  });

  describe('over TLS', () => {
    let folder: string;
    let server: Server;
    let address: string;

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'hearth-tls-'));
      const key = join(folder, 'key.pem');
      const cert = join(folder, 'cert.pem');
      await promisify(execFile)('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
      ]);
      server = createHttpsServer(
        { key: await readFile(key), cert: await readFile(cert) },
        (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(serverSettingsAt(185).body));
        },
      );
      address = await listening(server);
    });

    afterAll(async () => {
      await closing(server);
      await rm(folder, { recursive: true, force: true });
    });

    it('refuses a self-signed certificate, and says how to judge whether to trust it', async () => {
      const error = await refusal(probeServer(`https://${address}`));

      expect(error).toMatchObject({ kind: 'tls', reason: 'self-signed', field: 'serverUrl' });
      expect(error.message).toBe(
        `Hearth does not trust ${address}: its certificate is self-signed, so nothing vouches for it. If you know the server, compare the certificate’s fingerprint with its administrator and trust it for this server only.`,
      );
    });

    it('adds https:// to an address typed without a scheme', async () => {
      expect((await refusal(probeServer(address))).kind).toBe('tls');
    });
  });
});
