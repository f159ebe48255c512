import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renewalDueMs } from '../../../src-main/server/certificates/certificateKeeper';
import { asOwnerOf } from '../../helpers/org';
import { startHost, type HostOptions } from '../../../src-main/server/host';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { getTrusting } from '../../helpers/https';
import { getByName } from '../../helpers/network/byName';
import { mapSecrets } from '../../helpers/network/mapSecrets';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';
import { until } from '../../helpers/until';
import { servedNetwork } from '../../helpers/network/servedNetwork';

// Issue 53, points 2, 3, 5 and 6 through the host: a public name whose
// certificate arrives over ACME while the host serves, installed without a
// restart, kept for the next start, its secrets in 0600 files (or the app's
// keychain).

let bind: BindServer;
let pebble: PebbleServer;
let dir: string;

beforeAll(async () => {
  bind = await startBind('office.test');
  pebble = await startPebble(bind.port);
  dir = await mkdtemp(join(tmpdir(), 'hearth-public-name-'));
}, 30_000);
afterAll(async () => {
  await pebble.close();
  await bind.close();
  await rm(dir, { recursive: true, force: true });
});

const acme = (): HostOptions['acme'] => ({
  connection: { authorities: [pebble.listenerCertPem], pollMs: 100, requestRetries: 0 },
  authorities: [pebble.rootPem],
  propagationMs: 0,
});

/** Starts a host on loopback with a public name whose records BIND keeps, updates signed by `keyName`. */
const hostWithPublicName = (dataDir: string, name: string, keyName = bind.key.name) =>
  startHost({
    dataDir,
    port: 0,
    announce: false,
    rateLimits: false,
    network: {
      address: '127.0.0.1',
      port: 0,
      name: {
        kind: 'public-name',
        settings: {
          name,
          directoryUrl: pebble.directoryUrl,
          dns: {
            kind: 'rfc2136',
            host: '127.0.0.1',
            port: bind.port,
            zone: bind.zone,
            keyName,
            algorithm: bind.key.algorithm,
          },
        },
        dnsSecret: bind.key.secret,
      },
    },
    acme: acme(),
  });

/** Starts a host again on the data folder with --tls alone: the name it kept, with its secrets in `secrets` if given. */
const hostWithKeptName = (dataDir: string, secrets?: HostOptions['secrets']) =>
  startHost({
    dataDir,
    port: 0,
    announce: false,
    rateLimits: false,
    network: { address: '127.0.0.1', port: 0 },
    acme: acme(),
    ...(secrets ? { secrets } : {}),
  });

describe('a public name with a certificate from an ACME authority', () => {
  it('arrives while the host serves, points the name at the host, and is kept for the next start', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    let host = await hostWithPublicName(dataDir, 'chat.office.test');
    try {
      // Until the authority answers, Hearth's clients reach it by the host's own certificate.
      const selfSigned = servedNetwork(host).fingerprint;
      const api = asOwnerOf(host);
      const { queue_id: queueId } = (await api('POST', '/register', { event_types: ['message'] }))
        .json as { queue_id: string };
      const everything = (await api('POST', '/register', {})).json as {
        queue_id: string;
        realm_url: string;
      };

      await until('the certificate', () => Boolean(host.publicName()?.certificate.served));
      const status = host.publicName();
      expect(status?.name).toBe('chat.office.test');
      expect(status?.certificate.failure).toBeNull();
      const facts = status?.certificate.served;
      expect(facts?.issuer).toMatch(/Pebble/);
      expect(facts?.fingerprint).not.toBe(selfSigned);

      const { port, urls, names, fingerprint, certPath } = servedNetwork(host);
      expect(names).toEqual(['chat.office.test']);
      expect(urls[0]).toBe(`https://chat.office.test:${port}`);
      const byName = await getByName(port, 'chat.office.test', '/api/v1/server_settings', {
        ca: pebble.rootPem,
      });
      expect(byName).toMatchObject({ status: 200, fingerprint: facts?.fingerprint });
      // Hearth's clients that pinned the host's own certificate, by its
      // address, still reach it so; they are told the name.
      expect(fingerprint).toBe(selfSigned);
      const byAddress = await getTrusting(
        `https://127.0.0.1:${port}/api/v1/server_settings`,
        await readFile(certPath, 'utf8'),
      );
      expect(byAddress.status).toBe(200);
      expect(byAddress.json).toMatchObject({ realm_url: `https://chat.office.test:${port}` });
      // Invitations name the public name, with no pin: its certificate is renewed.
      const invited = await api('POST', '/invites/multiuse', { invite_as: 400 });
      expect(invited.json.invite_link).toMatch(
        new RegExp(`^https://chat\\.office\\.test:${port}/join/[a-z0-9]+/$`),
      );

      // The event queue registered before the certificate changed still answers.
      const polled = await api('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      });
      expect(polled.status).toBe(200);
      // A queue for every event hears Zulip's restart: registering again
      // reads the organization's new URL.
      expect(everything.realm_url).toBe(`https://127.0.0.1:${port}`);
      const told = await api('GET', '/events', {
        queue_id: everything.queue_id,
        last_event_id: -1,
        dont_block: true,
      });
      expect(told.json.events).toContainEqual(
        expect.objectContaining({ type: 'restart', zulip_feature_level: 498 }),
      );
      expect((await api('POST', '/register', {})).json.realm_url).toBe(urls[0]);

      await until('the address record', () => host.publicName()?.records.published !== null);
      expect(await bind.lookup('chat.office.test', 'A')).toEqual(['127.0.0.1']);

      // Secrets are the host's user's alone, and no log line holds them.
      const publicDir = join(dataDir, 'tls', 'public');
      for (const secret of ['tsig-secret', 'acme-account-key', 'certificate-key']) {
        expect((await stat(join(publicDir, secret))).mode & 0o777).toBe(0o600);
      }
      expect(await readdir(publicDir)).toEqual(
        expect.arrayContaining(['settings.json', 'account.json', 'certificate.pem']),
      );
      for (const line of logged) {
        expect(line).not.toContain(bind.key.secret);
        expect(line).not.toContain('PRIVATE KEY');
      }

      // The next start, with --tls alone, serves the kept certificate at once and asks for nothing.
      await host.close();
      host = await hostWithKeptName(dataDir);
      expect(servedNetwork(host).fingerprint).toBe(fingerprint);
      expect(servedNetwork(host).names).toEqual(['chat.office.test']);
      const keptByName = await getByName(
        servedNetwork(host).port,
        'chat.office.test',
        '/api/v1/server_settings',
        { ca: pebble.rootPem },
      );
      expect(keptByName.fingerprint).toBe(facts?.fingerprint);
      const again = host.publicName();
      expect(again?.certificate.obtaining).toBe(false);
      expect(again?.certificate.nextAttemptMs).toBe(facts ? renewalDueMs(facts) : null);

      // The app's host keeps them in its keychain instead: what a start kept
      // as files moves there as it is read.
      await host.close();
      const keychain = new Map<string, string>();
      host = await hostWithKeptName(dataDir, mapSecrets(keychain));
      expect(servedNetwork(host).fingerprint).toBe(fingerprint);
      expect(keychain.get('certificate-key')).toContain('PRIVATE KEY');
      expect(await readdir(publicDir)).not.toContain('certificate-key');
    } finally {
      await host.close();
      spy.mockRestore();
    }
  }, 60_000);

  it('is forgotten on the owner’s word: off the DNS, its files and secrets gone, the host’s own certificate alone served', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    let host = await hostWithPublicName(dataDir, 'gone.office.test');
    try {
      await until('the certificate', () => Boolean(host.publicName()?.certificate.served));
      await until('the address record', () => host.publicName()?.records.published !== null);
      expect(await bind.lookup('gone.office.test', 'A')).toEqual(['127.0.0.1']);
      const selfSigned = servedNetwork(host).fingerprint;
      await host.close();

      host = await startHost({
        dataDir,
        port: 0,
        announce: false,
        rateLimits: false,
        network: { address: '127.0.0.1', port: 0, name: { kind: 'none' } },
        acme: acme(),
      });
      expect(await bind.lookup('gone.office.test', 'A')).toEqual([]);
      expect(host.publicName()).toBeNull();
      expect(host.ownCertificate()).toBeNull();
      expect(servedNetwork(host)).toMatchObject({ fingerprint: selfSigned, names: [] });
      // Whoever asks for the name gets the host's own certificate, which no phone trusts.
      await expect(
        getByName(servedNetwork(host).port, 'gone.office.test', '/api/v1/server_settings', {
          ca: pebble.rootPem,
        }),
      ).rejects.toThrow(/self-signed|unable to verify/i);
      expect(await readdir(join(dataDir, 'tls', 'public'))).toEqual([]);
      const api = asOwnerOf(host);
      expect((await api('POST', '/register', {})).json.realm_url).toBe(servedNetwork(host).urls[0]);

      // A later start with --tls alone has no name to bring back.
      await host.close();
      host = await hostWithKeptName(dataDir);
      expect(host.publicName()).toBeNull();
      expect(servedNetwork(host).names).toEqual([]);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('shows the DNS server’s refusal, serving the host’s own certificate meanwhile', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const host = await hostWithPublicName(dataDir, 'refused.office.test', 'not-a-key-bind-knows');
    try {
      const fingerprint = servedNetwork(host).fingerprint;
      await until('the failure', () => Boolean(host.publicName()?.certificate.failure));
      const { certificate } = host.publicName() ?? {};
      expect(certificate?.failure).toMatchObject({ source: 'dns' });
      expect(certificate?.failure?.message).toContain('BADKEY');
      expect(certificate?.served).toBeNull();
      expect(servedNetwork(host).fingerprint).toBe(fingerprint);
      expect(servedNetwork(host).names).toEqual([]);
    } finally {
      await host.close();
    }
  }, 60_000);

  it('opens the account once: after a refused attempt, the right key gets the certificate under it', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const refused = await hostWithPublicName(dataDir, 'again.office.test', 'not-a-key-bind-knows');
    try {
      await until('the failure', () => Boolean(refused.publicName()?.certificate.failure));
    } finally {
      await refused.close();
    }
    const publicDir = join(dataDir, 'tls', 'public');
    expect(await readdir(publicDir)).toContain('account.json');
    const host = await hostWithPublicName(dataDir, 'again.office.test');
    try {
      await until('the certificate', () => Boolean(host.publicName()?.certificate.served));
      expect(host.publicName()?.certificate.failure).toBeNull();
    } finally {
      await host.close();
    }
  }, 60_000);
});
