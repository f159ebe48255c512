import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemorySecretStore,
  secretAccount,
  type SecretStore,
} from '../../../src-main/client/secretStore';
import { fingerprintInLink } from '../../../src-main/wire/fingerprint';
import {
  connected,
  eventually,
  removeProfile,
  startTestHearth,
  testTuning,
  type TestHearth,
} from '../../helpers/hearth';
import {
  issueCertificate,
  tlsFront,
  type KeyAndCertificate,
  type TlsFront,
} from '../../helpers/network/testAuthority';
import { startOrg, testPassword, type Org, type TestUser } from '../../helpers/org';

// Issue 35, point 3: a small team's server with a certificate of its own
// making. Joining shows the certificate and trusts it only when asked, for
// that server only; a later certificate is refused, naming both
// fingerprints, until the person decides again.
describe('a self-signed server trusted by its fingerprint', () => {
  const keychain = createMemorySecretStore();
  /** The names of the keys read from the keychain, in order. */
  const keysRead: string[] = [];
  const secrets: SecretStore = {
    ...keychain,
    get: (name) => {
      keysRead.push(name);
      return keychain.get(name);
    },
  };
  const hearths: TestHearth[] = [];
  let profileDir: string;
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let first: KeyAndCertificate;
  let second: KeyAndCertificate;
  let front: TlsFront;
  let sameCertificateElsewhere: TlsFront;
  let serverUrl: string;

  const fingerprintOf = (made: KeyAndCertificate) =>
    new X509Certificate(made.certPem).fingerprint256;
  const trusting = (made: KeyAndCertificate) =>
    `${serverUrl}/#fingerprint=${fingerprintInLink(fingerprintOf(made))}`;

  const start = async () => {
    const hearth = await startTestHearth({
      secrets,
      ...(profileDir ? { profileDir } : {}),
      // Every request through the app's own network, not the test's cable.
      tuning: { ...testTuning, fetch: undefined },
      network: { env: {} },
    });
    profileDir = hearth.profileDir;
    hearths.push(hearth);
    return hearth;
  };

  const messagesSeen = (hearth: TestHearth) =>
    hearth.app.active().cache.messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 100 })
      .messages;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    first = await issueCertificate(['localhost'], null);
    second = await issueCertificate(['localhost'], null);
    const backend = Number(new URL(org.url).port);
    front = await tlsFront(first, backend);
    sameCertificateElsewhere = await tlsFront(first, backend);
    serverUrl = `https://localhost:${front.port}`;
  });

  afterAll(async () => {
    for (const hearth of hearths) await hearth.stop();
    if (profileDir) await removeProfile(profileDir);
    await front?.close();
    await sameCertificateElsewhere?.close();
    await org?.close();
  });

  it('shows the certificate before trusting anything', async () => {
    const { app } = await start();
    const probe = await app.probe(serverUrl);
    expect(probe).toMatchObject({
      ok: false,
      field: 'serverUrl',
      problem: {
        kind: 'untrusted-certificate',
        serverUrl,
        reason: 'self-signed',
        certificate: {
          subject: 'CN=localhost',
          issuer: 'CN=localhost',
          names: ['localhost'],
          fingerprint: fingerprintOf(first),
          selfSigned: true,
        },
      },
    });
    if (probe.ok || probe.problem?.kind !== 'untrusted-certificate') throw new Error('no problem');
    const { validFrom, validTo } = probe.problem.certificate;
    expect(validFrom).toBeLessThan(Date.now());
    expect(validTo).toBeGreaterThan(Date.now());
    expect(probe.message).toContain('self-signed');
  });

  it('joins once trusted, reads and receives live, and keeps the trust across a restart', async () => {
    const [hearth] = hearths;
    if (!hearth) throw new Error('no app');
    expect(await hearth.app.probe(trusting(first))).toMatchObject({
      ok: true,
      server: { serverUrl },
    });
    const joined = await hearth.app.join({
      method: 'password',
      serverUrl: trusting(first),
      email: alice.email,
      password: testPassword,
    });
    expect(joined).toMatchObject({ ok: true });
    await connected(hearth.app);
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'trust',
      content: 'Seen over a certificate you trusted',
    });
    await eventually('the live message arrives', () =>
      messagesSeen(hearth).some((message) => message.content.includes('you trusted')),
    );
    await hearth.stop();
    const restarted = await start();
    await connected(restarted.app);
    expect(restarted.app.active().account.certificate?.fingerprint).toBe(fingerprintOf(first));
  });

  it('does not trust the same certificate at another server', async () => {
    const app = hearths.at(-1)?.app;
    if (!app) throw new Error('no app');
    const elsewhere = `https://localhost:${sameCertificateElsewhere.port}`;
    expect(await app.probe(elsewhere)).toMatchObject({
      ok: false,
      problem: { kind: 'untrusted-certificate', serverUrl: elsewhere, reason: 'self-signed' },
    });
  });

  it('refuses a new certificate, naming both fingerprints, until the person decides again', async () => {
    const hearth = hearths.at(-1);
    if (!hearth) throw new Error('no app');
    const { app } = hearth;
    // A second account on the server: trusting its new certificate reopens both.
    expect(
      await app.join({
        method: 'password',
        serverUrl: trusting(first),
        email: bob.email,
        password: testPassword,
      }),
    ).toMatchObject({ ok: true });
    await connected(app);
    const accountId = app.active().account.id;
    front.present(second);
    const refused = await eventually('the changed certificate is refused', () => {
      const { connection } = app.active();
      return connection.problem?.kind === 'certificate-changed' ? connection : false;
    });
    expect(refused.problem).toMatchObject({
      serverUrl,
      trusted: fingerprintOf(first),
      certificate: { fingerprint: fingerprintOf(second), selfSigned: true },
    });
    expect(refused.warning).toContain(fingerprintOf(first));
    expect(refused.warning).toContain(fingerprintOf(second));
    expect(refused.state).toBe('offline');
    // Joining again meets the same question.
    expect(await app.probe(serverUrl)).toMatchObject({
      ok: false,
      problem: { kind: 'certificate-changed', trusted: fingerprintOf(first) },
    });

    // A fingerprint other than the one presented now trusts nothing.
    await expect(app.trustServerCertificate(accountId, fingerprintOf(first))).rejects.toThrow(
      fingerprintOf(second),
    );
    expect(app.active().account.certificate?.fingerprint).toBe(fingerprintOf(first));

    const keys = [secretAccount(serverUrl, alice.email), secretAccount(serverUrl, bob.email)];
    keysRead.length = 0;
    await app.trustServerCertificate(accountId, fingerprintOf(second));
    // Each reopened account's key, read once: not the whole list, nor the list again for each.
    expect(keysRead.toSorted()).toEqual(keys.toSorted());
    await connected(app);
    expect(app.active().connection).toMatchObject({ warning: null, problem: null });
    await hearth.stop();
    keysRead.length = 0;
    const restarted = await start();
    // Opening the accounts as the app starts reads each key once too.
    expect(keysRead.filter((name) => keys.includes(name)).toSorted()).toEqual(keys.toSorted());
    await connected(restarted.app);
    expect(restarted.app.active().account.certificate?.fingerprint).toBe(fingerprintOf(second));
  });
});
