import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient } from '../../../src-main/client/api/http';
import {
  CertificateChangedError,
  certificateChange,
  type CertificatePin,
} from '../../../src-main/client/network/certificates';
import { Network } from '../../../src-main/client/network/routing';
import { hostCertificate } from '../../../src-main/server/network/certificate';
import { startOrg, type Org } from '../../helpers/org';

// Issue 16, point 3: Hearth's client trusts a host that made its own
// certificate by that certificate's fingerprint, at whatever address it is
// reached, and refuses any other certificate before it sends anything.

/** The codes along an error's chain of causes. */
function causesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let link: unknown = error; link instanceof Error; link = link.cause) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

describe('a fetch pinned to a host’s certificate', () => {
  const net = new Network({ env: {} });
  const pinnedTo = (serverUrl: string) => net.fetchFor({ serverUrl, pin });
  let org: Org;
  let pin: CertificatePin;
  let port: number;
  // Another server on this machine with a certificate of its own: an impostor.
  let impostor: Server;
  let impostorDir: string;
  const impostorRequests: string[] = [];

  beforeAll(async () => {
    org = await startOrg({ network: { address: '0.0.0.0', port: 0 } });
    const network = org.network;
    if (!network || !('urls' in network)) throw new Error('the host does not serve the network');
    port = network.port;
    pin = { fingerprint: network.fingerprint, certPem: await readFile(network.certPath, 'utf8') };
    impostorDir = await mkdtemp(join(tmpdir(), 'hearth-impostor-'));
    const other = await hostCertificate(impostorDir, []);
    impostor = createServer({ key: other.keyPem, cert: other.certPem }, (request, response) => {
      impostorRequests.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      response.end('{}');
    });
    await new Promise<void>((done) => impostor.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    await net.close();
    await org.close();
    await new Promise<void>((done) => impostor.close(() => done()));
    await rm(impostorDir, { recursive: true, force: true });
  });

  const owner = (serverUrl: string, fetchImpl: typeof fetch) =>
    createHttpClient(
      { serverUrl, email: org.owner.email, apiKey: org.owner.apiKey },
      { fetch: fetchImpl },
    );

  it('reads the certificate a server presents, without trusting it', async () => {
    const read = await net.readCertificate(`https://127.0.0.1:${port}`);
    expect(read.fingerprint).toBe(pin.fingerprint);
    expect(read.certPem.trim()).toBe(pin.certPem.trim());
  });

  it('reaches the host at an address its certificate does not name, reads and sends', async () => {
    // 127.0.0.2 is this computer too, and in no certificate: only the pin vouches for it.
    const http = owner(`https://127.0.0.2:${port}`, pinnedTo(`https://127.0.0.2:${port}`));
    const me = await http.request('GET', 'users/me', {}, z.looseObject({ email: z.string() }));
    expect(me.email).toBe(org.owner.email);
    const sent = await http.request(
      'POST',
      'messages',
      { type: 'stream', to: 'general', topic: 'pinned', content: 'Over pinned TLS ✓' },
      z.looseObject({ id: z.number() }),
    );
    const read = await org.api(org.owner)('GET', `/messages/${sent.id}`);
    expect(read.json.message).toMatchObject({
      subject: 'pinned',
      content: '<p>Over pinned TLS ✓</p>',
    });
  });

  it('refuses another certificate with the fingerprints in its words, and sends nothing', async () => {
    const impostorUrl = `https://127.0.0.1:${(impostor.address() as { port: number }).port}`;
    const presented = (await net.readCertificate(impostorUrl)).fingerprint;
    const http = owner(impostorUrl, pinnedTo(impostorUrl));
    const failure = await http.request('GET', 'users/me', {}, z.unknown()).then(
      () => null,
      (error: unknown) => error,
    );
    const cause = certificateChange(failure);
    expect(cause).toBeInstanceOf(CertificateChangedError);
    expect((cause as CertificateChangedError).message).toContain(presented);
    expect((cause as CertificateChangedError).message).toContain(pin.fingerprint);
    expect(impostorRequests).toEqual([]);
  });

  it('is not fooled by the same server reached without the pin', async () => {
    // The plain fetch trusts authorities only: the host's own certificate fails it.
    const http = owner(`https://127.0.0.1:${port}`, net.fetchFor());
    await expect(http.request('GET', 'users/me', {}, z.unknown())).rejects.toThrow(/failed/);
  });

  it('trusts the pin for its own server only, and checks any other against the authorities', async () => {
    // The host's certificate, presented at another port, is another server's.
    const elsewhere = `https://127.0.0.1:${(impostor.address() as { port: number }).port}`;
    const http = owner(elsewhere, pinnedTo(`https://127.0.0.1:${port}`));
    const failure = await http.request('GET', 'users/me', {}, z.unknown()).then(
      () => null,
      (error: unknown) => error,
    );
    expect(certificateChange(failure)).toBeNull();
    expect(causesOf(failure)).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(impostorRequests).toEqual([]);
  });
});
