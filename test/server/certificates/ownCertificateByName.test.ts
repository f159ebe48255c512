import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host, type HostOptions } from '../../../src-main/server/host';
import { asOwnerOf } from '../../helpers/org';
import { getTrusting } from '../../helpers/https';
import { getByName } from '../../helpers/network/byName';
import { mapSecrets } from '../../helpers/network/mapSecrets';
import {
  issueCertificate,
  makeOfficeAuthority,
  type KeyAndCertificate,
  type OfficeAuthority,
} from '../../helpers/network/testAuthority';
import { servedNetwork } from '../../helpers/network/servedNetwork';

// Issue 53, point 1 from the Hosting page: the owner's own certificate is
// kept by the host (its key a secret) and served to those who ask for its
// names, while Hearth's clients that pinned the host's own certificate by
// its address keep reaching it there until they move to the name.

let office: OfficeAuthority;
let dir: string;

const chained = (leaf: KeyAndCertificate) => office.chained(leaf);

beforeAll(async () => {
  office = await makeOfficeAuthority();
  dir = await mkdtemp(join(tmpdir(), 'hearth-own-name-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const start = (
  dataDir: string,
  name?: NonNullable<HostOptions['network']>['name'],
  secrets?: HostOptions['secrets'],
) =>
  startHost({
    dataDir,
    port: 0,
    announce: false,
    rateLimits: false,
    trustedAuthorities: [office.root.certPem],
    network: { address: '127.0.0.1', port: 0, ...(name ? { name } : {}) },
    ...(secrets ? { secrets } : {}),
  });

const byName = (host: Host) =>
  getByName(servedNetwork(host).port, 'chat.office.test', '/api/v1/server_settings', {
    ca: office.root.certPem,
  });

describe("the owner's own certificate, kept for a name", () => {
  it('is served by its name beside the pinned one, kept for later starts, and forgotten on the owner’s word', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate);
    const keychain = new Map<string, string>();
    let host = await start(
      dataDir,
      { kind: 'own-certificate', certificate: chained(leaf) },
      mapSecrets(keychain),
    );
    try {
      const { port, urls, names, fingerprint, certPath } = servedNetwork(host);
      const facts = host.ownCertificate();
      expect(facts).toMatchObject({ names: ['chat.office.test'], issuer: 'Office Issuing CA' });
      expect(names).toEqual(['chat.office.test']);
      expect(urls[0]).toBe(`https://chat.office.test:${port}`);
      // A phone asking for the name gets the owner's certificate, and the name is allowed.
      const phone = await byName(host);
      expect(phone).toMatchObject({ status: 200, fingerprint: facts?.fingerprint });
      // The address keeps the host's own certificate, which Hearth's clients pinned.
      expect(fingerprint).not.toBe(facts?.fingerprint);
      const pinned = await getTrusting(
        `https://127.0.0.1:${port}/api/v1/server_settings`,
        await readFile(certPath, 'utf8'),
      );
      expect(pinned.json).toMatchObject({ realm_url: urls[0] });
      const invited = await asOwnerOf(host)('POST', '/invites/multiuse', { invite_as: 400 });
      expect(invited.json.invite_link).toMatch(
        new RegExp(`^https://chat\\.office\\.test:${port}/join/[a-z0-9]+/$`),
      );
      // The key is the keychain's; the certificate is a file anyone may read.
      expect(keychain.get('certificate-key')).toBe(leaf.keyPem);
      const publicDir = join(dataDir, 'tls', 'public');
      expect(await readdir(publicDir)).toEqual(['certificate.pem']);
      expect((await stat(join(publicDir, 'certificate.pem'))).mode & 0o777).toBe(0o644);

      await host.close();
      host = await start(dataDir, undefined, mapSecrets(keychain));
      expect(host.ownCertificate()?.fingerprint).toBe(facts?.fingerprint);
      expect((await byName(host)).fingerprint).toBe(facts?.fingerprint);

      await host.close();
      host = await start(dataDir, { kind: 'none' }, mapSecrets(keychain));
      expect(host.ownCertificate()).toBeNull();
      expect(servedNetwork(host).names).toEqual([]);
      await expect(byName(host)).rejects.toThrow(/self-signed|unable to verify/i);
      expect(await readdir(publicDir)).toEqual([]);
      expect(keychain.size).toBe(0);
    } finally {
      await host.close();
    }
  });

  it('is still reported once out of date, but no longer served, for the owner to give a new one', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'));
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate, {
      notBeforeDate: new Date(Date.now() - 60_000),
      notAfterDate: new Date(Date.now() + 3_000),
    });
    let host = await start(dataDir, { kind: 'own-certificate', certificate: chained(leaf) });
    const { fingerprint } = host.ownCertificate() ?? {};
    expect((await byName(host)).fingerprint).toBe(fingerprint);
    await host.close();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    host = await start(dataDir);
    try {
      const facts = host.ownCertificate();
      expect(facts?.fingerprint).toBe(fingerprint);
      expect(facts?.notAfter.getTime()).toBeLessThan(Date.now());
      expect(servedNetwork(host).names).toEqual([]);
      await expect(byName(host)).rejects.toThrow(/self-signed|unable to verify/i);
    } finally {
      await host.close();
    }
  }, 20_000);
});
