import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificatePairError } from '../../../src-main/server/certificates/certificatePair';
import { asOwnerOf } from '../../helpers/org';
import { startHost, type Host } from '../../../src-main/server/host';
import { getByName } from '../../helpers/network/byName';
import {
  issueCertificate,
  makeOfficeAuthority,
  type KeyAndCertificate,
  type OfficeAuthority,
} from '../../helpers/network/testAuthority';
import { servedNetwork } from '../../helpers/network/servedNetwork';

// Issue 53, point 1: the owner's own certificate for a name of theirs,
// checked before it is served, and replaced without a restart.

let office: OfficeAuthority;
let dir: string;

const chained = (leaf: KeyAndCertificate) => office.chained(leaf);

beforeAll(async () => {
  office = await makeOfficeAuthority();
  dir = await mkdtemp(join(tmpdir(), 'hearth-own-cert-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** GET as a phone does, trusting the office's root alone. */
const byName = (port: number, path: string, options: { agent?: Agent; hostHeader?: string } = {}) =>
  getByName(port, 'chat.office.test', path, { ca: office.root.certPem, ...options });

async function hostWith(certificate: { certPem: string; keyPem: string }): Promise<Host> {
  const dataDir = await mkdtemp(join(dir, 'host-'));
  return startHost({
    dataDir,
    port: 0,
    network: {
      address: '127.0.0.1',
      port: 0,
      certificate: { ...certificate, certPath: join(dataDir, 'given.pem') },
    },
    trustedAuthorities: [office.root.certPem],
    announce: false,
    rateLimits: false,
  });
}

describe("a host serving the owner's own certificate", () => {
  it('answers under the certificate’s name, which a client trusting only the public authority checks', async () => {
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate);
    const host = await hostWith(chained(leaf));
    try {
      const { port, urls, names } = servedNetwork(host);
      expect(names).toEqual(['chat.office.test']);
      expect(urls[0]).toBe(`https://chat.office.test:${port}`);
      const answer = await byName(port, '/api/v1/server_settings');
      expect(answer.status).toBe(200);
      expect((JSON.parse(answer.body) as { realm_uri: string }).realm_uri).toBe(
        `https://chat.office.test:${port}`,
      );
      // A name the certificate does not cover is still refused (DNS rebinding).
      const other = await byName(port, '/api/v1/server_settings', { hostHeader: 'evil.example' });
      expect(other.status).toBe(400);
    } finally {
      await host.close();
    }
  });

  it('refuses to start with a key that is not the certificate’s, saying so', async () => {
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate);
    const stranger = await issueCertificate(['chat.office.test'], office.intermediate);
    const error = await hostWith({ ...chained(leaf), keyPem: stranger.keyPem }).then(
      (host) => host.close().then(() => null),
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(CertificatePairError);
    expect((error as CertificatePairError).problem).toBe('key-mismatch');
    expect((error as Error).message).toMatch(
      /given\.pem cannot be served: The key does not belong/,
    );
  });

  it('installs a new certificate without a restart: connections and event queues carry on', async () => {
    const first = await issueCertificate(['chat.office.test'], office.intermediate);
    const host = await hostWith(chained(first));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = servedNetwork(host);
      const api = asOwnerOf(host);
      const { queue_id: queueId } = (await api('POST', '/register', { event_types: ['message'] }))
        .json as { queue_id: string };
      const before = await byName(port, '/api/v1/server_settings', { agent });

      const second = await issueCertificate(['chat.office.test'], office.intermediate);
      const facts = host.installCertificate(chained(second));

      const fresh = await byName(port, '/api/v1/server_settings');
      expect(fresh.fingerprint).toBe(facts.fingerprint);
      expect(fresh.fingerprint).not.toBe(before.fingerprint);
      expect(servedNetwork(host).fingerprint).toBe(facts.fingerprint);
      // The connection opened before keeps going on the certificate it began with.
      const kept = await byName(port, '/api/v1/server_settings', { agent });
      expect(kept.fingerprint).toBe(before.fingerprint);
      const polled = await api('GET', '/events', {
        queue_id: queueId,
        last_event_id: -1,
        dont_block: true,
      });
      expect(polled.status).toBe(200);
    } finally {
      agent.destroy();
      await host.close();
    }
  });

  it('keeps serving its certificate when the new one is refused', async () => {
    const first = await issueCertificate(['chat.office.test'], office.intermediate);
    const host = await hostWith(chained(first));
    try {
      const { port, fingerprint } = servedNetwork(host);
      const expired = await issueCertificate(['chat.office.test'], office.intermediate, {
        notBeforeDate: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
        notAfterDate: new Date(Date.now() - 24 * 60 * 60 * 1000),
      });
      expect(() => host.installCertificate(chained(expired))).toThrow(/expired/);
      const answer = await byName(port, '/api/v1/server_settings');
      expect(answer.fingerprint).toBe(fingerprint);
    } finally {
      await host.close();
    }
  });
});

describe('npm run serve -- --tls-cert --tls-key', () => {
  const serve = (flags: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src-main/server/cli.ts', '--port', '0', ...flags],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
      );
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (/^Owner: /m.test(output)) child.kill('SIGTERM');
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => resolve({ code, output }));
    });

  it('serves the name of a good pair, and names the failed check of a bad one', async () => {
    const leaf = await issueCertificate(['chat.office.test'], office.intermediate);
    const stranger = await issueCertificate(['chat.office.test'], office.intermediate);
    const certFile = join(dir, 'chat.pem');
    const keyFile = join(dir, 'chat.key');
    const strangerKey = join(dir, 'stranger.key');
    const rootFile = join(dir, 'root.pem');
    await writeFile(certFile, chained(leaf).certPem);
    await writeFile(keyFile, leaf.keyPem);
    await writeFile(strangerKey, stranger.keyPem);
    await writeFile(rootFile, office.root.certPem);
    // The office's authority stands in for a public one, as Node's own store takes it.
    const env = { NODE_EXTRA_CA_CERTS: rootFile };

    const good = await serve(
      [
        '--data-dir',
        await mkdtemp(join(dir, 'cli-')),
        '--host',
        '127.0.0.1',
        '--tls-cert',
        certFile,
        '--tls-key',
        keyFile,
      ],
      env,
    );
    expect(good.output).toMatch(/On the network: https:\/\/chat\.office\.test:\d+/);
    expect(good.output).toMatch(/Certificate for chat\.office\.test: phones and browsers check it/);

    const bad = await serve(
      [
        '--data-dir',
        await mkdtemp(join(dir, 'cli-')),
        '--tls-cert',
        certFile,
        '--tls-key',
        strangerKey,
      ],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(
      /hearth serve: the certificate .*chat\.pem cannot be served: The key does not belong to the certificate/,
    );

    const alone = await serve(['--tls-cert', certFile]);
    expect(alone.code).toBe(2);
    expect(alone.output).toContain('--tls-cert and --tls-key go together');
  }, 60_000);
});
