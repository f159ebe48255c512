import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore, secretAccount } from '../../../src-main/client/secretStore';
import { startHost, type Host } from '../../../src-main/server/host';
import { fingerprintInLink } from '../../../src-main/wire/fingerprint';
import {
  connected,
  eventually,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';
import { occupyPort, portOf, release } from '../../helpers/https';
import { startBind, type BindServer } from '../../helpers/network/bindServer';
import { startPebble, type PebbleServer } from '../../helpers/network/pebbleServer';
import { asOwnerOf, testPassword } from '../../helpers/org';
import { until } from '../../helpers/until';

// Issue 53, point 4: a colleague's Hearth joined the office's host by its
// address, trusting the host's own certificate. Once the host has a
// certificate for a public name, the app moves the account to the name by
// itself, checking the name's certificate against the public authorities
// (pebble's root stands for them, BIND for the office's DNS), with nothing
// asked and nothing of its history lost. A certificate that merely changed
// is still refused.

describe('a Hearth client moves to the name its host now has', () => {
  const secrets = createMemorySecretStore();
  const hearths: TestHearth[] = [];
  let bind: BindServer;
  let pebble: PebbleServer;
  let dataDir: string;
  let host: Host;
  let profileDir: string | undefined;
  let general: number;
  const email = 'hana@harbour.example';

  let port: number;

  // The office's host, on the same port each time; with its public name, as
  // the Hosting page restarts it once the owner gives one.
  const officeHost = (withName: boolean) =>
    startHost({
      dataDir,
      port: 0,
      announce: false,
      rateLimits: false,
      organization: {
        realmName: 'Harbour Office',
        ownerEmail: email,
        ownerFullName: 'Hana Harbour',
        ownerPassword: testPassword,
      },
      network: {
        address: '127.0.0.1',
        port,
        ...(withName
          ? {
              name: {
                kind: 'public-name',
                settings: {
                  name: 'chat.office.test',
                  directoryUrl: pebble.directoryUrl,
                  dns: {
                    kind: 'rfc2136' as const,
                    host: '127.0.0.1',
                    port: bind.port,
                    zone: bind.zone,
                    keyName: bind.key.name,
                    algorithm: bind.key.algorithm,
                  },
                },
                dnsSecret: bind.key.secret,
              },
            }
          : {}),
      },
      acme: {
        connection: { authorities: [pebble.listenerCertPem], pollMs: 100, requestRetries: 0 },
        authorities: [pebble.rootPem],
        propagationMs: 0,
      },
    });

  const served = () => {
    const network = host.network;
    if (!network || !('urls' in network)) throw new Error('the host serves no network');
    return network;
  };

  const start = async () => {
    const hearth = await startTestHearth({
      secrets,
      ...(profileDir ? { profileDir } : {}),
      // Every request through the app's own network: its trust, its resolver.
      tuning: { ...testTuning, fetch: undefined },
      network: { env: {}, authorities: () => [pebble.rootPem], lookup: bind.resolveNames },
    });
    profileDir = hearth.profileDir;
    hearths.push(hearth);
    return hearth;
  };

  beforeAll(async () => {
    bind = await startBind('office.test');
    pebble = await startPebble(bind.port);
    dataDir = await mkdtemp(join(tmpdir(), 'hearth-moving-host-'));
    const free = await occupyPort('127.0.0.1');
    port = portOf(free);
    await release(free);
    host = await officeHost(false);
    general = (await asOwnerOf(host)('GET', '/get_stream_id', { stream: 'general' })).json
      .stream_id as number;
  }, 30_000);

  afterAll(async () => {
    for (const hearth of hearths) await hearth.stop();
    if (profileDir) await removeProfile(profileDir);
    await host?.close();
    await pebble?.close();
    await bind?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('joins by the address, trusting the host’s own certificate, before the name', async () => {
    const { fingerprint } = served();
    const hearth = await start();
    const joined = await hearth.app.join({
      method: 'password',
      serverUrl: `https://127.0.0.1:${port}/#fingerprint=${fingerprintInLink(fingerprint)}`,
      email,
      password: testPassword,
    });
    expect(joined).toMatchObject({ ok: true });
    await connected(hearth.app);
    const account = hearth.app.active().account;
    expect(account.serverUrl).toBe(`https://127.0.0.1:${port}`);
    expect(account.certificate?.fingerprint).toBe(fingerprint);
    hearth.app
      .active()
      .send({ kind: 'stream', streamId: general, topic: 'moving' }, 'Sent by the address');
    await eventually('the message is sent', () => hearth.app.active().outboxEntries().length === 0);
  }, 60_000);

  it('moves to the name once the host has its certificate, keeping its key, history and window', async () => {
    const hearth = hearths.at(-1);
    if (!hearth) throw new Error('no app');
    await host.close();
    host = await officeHost(true);
    await until('the certificate', () => Boolean(host.publicName()?.certificate.served));
    const newUrl = `https://chat.office.test:${port}`;
    // The switcher's line, which stays readable while the account reopens.
    await eventually('the account moves', () =>
      hearth.app.appState().accounts.some((account) => account.serverUrl === newUrl),
    );
    await connected(hearth.app);
    const account = hearth.app.active().account;
    expect(account.certificate).toBeNull();
    expect(await secrets.get(secretAccount(newUrl, email))).not.toBeNull();
    expect(await secrets.get(secretAccount(`https://127.0.0.1:${port}`, email))).toBeNull();
    // What it read by the address is still there, and it reads on by the name.
    const seen = () =>
      hearth.app.active().cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 50 })
        .messages;
    expect(seen().some((message) => message.content.includes('Sent by the address'))).toBe(true);
    hearth.app
      .active()
      .send({ kind: 'stream', streamId: general, topic: 'moving' }, 'Sent by the name');
    await eventually('the new message arrives by the name', () =>
      seen().some((message) => message.content.includes('Sent by the name')),
    );
    // Asked nothing on the way.
    expect(hearth.confirmations.asked).toEqual([]);

    // A later start opens it at the name directly.
    await hearth.stop();
    const again = await start();
    await connected(again.app);
    expect(again.app.active().account).toMatchObject({ serverUrl: newUrl, certificate: null });
  }, 90_000);
});
