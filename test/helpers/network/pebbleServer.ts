import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { freeDnsPort } from './bindServer';

/** Debian's pebble, Let's Encrypt's ACME test server, on loopback. */
export interface PebbleServer {
  directoryUrl: string;
  /** The certificate of pebble's own HTTPS listener, for the client to trust. */
  listenerCertPem: string;
  /** The root its certificates chain to (a new one each start), as a phone's trust store would hold it. */
  rootPem: string;
  close(): Promise<void>;
}

function getText(url: string, ca: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function listenerCertificate(): Promise<{ certPem: string; keyPem: string }> {
  const made = await generate([{ name: 'commonName', value: 'pebble on loopback' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { certPem: made.cert, keyPem: made.private };
}

/**
 * Starts pebble checking DNS-01 challenges against the DNS server at
 * `dnsPort` on loopback. `validitySeconds` sets the lifetime of the
 * certificates it issues.
 */
export async function startPebble(
  dnsPort: number,
  validitySeconds = 90 * 24 * 60 * 60,
): Promise<PebbleServer> {
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pebble-'));
  const listener = await listenerCertificate();
  await writeFile(join(dir, 'cert.pem'), listener.certPem);
  await writeFile(join(dir, 'key.pem'), listener.keyPem);
  const [port, managementPort, httpPort, tlsPort] = [
    await freeDnsPort(),
    await freeDnsPort(),
    await freeDnsPort(),
    await freeDnsPort(),
  ];
  await writeFile(
    join(dir, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${port}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: join(dir, 'cert.pem'),
        privateKey: join(dir, 'key.pem'),
        httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        certificateValidityPeriod: validitySeconds,
      },
    }),
  );
  const child = spawn(
    '/usr/bin/pebble',
    ['-config', join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // No random waits before validating, no refused nonces, and a fresh
        // challenge for every order: each test sees the whole exchange.
        PEBBLE_VA_NOSLEEP: '1',
        PEBBLE_WFE_NONCEREJECT: '0',
        PEBBLE_AUTHZREUSE: '0',
      },
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const directoryUrl = `https://127.0.0.1:${port}/dir`;
  let rootPem = '';
  for (let tries = 0; rootPem === '' && tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`pebble exited with ${child.exitCode}\n${log}`);
    try {
      await getText(directoryUrl, listener.certPem);
      const root = await getText(`https://127.0.0.1:${managementPort}/roots/0`, listener.certPem);
      if (root.status === 200) rootPem = root.text;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (rootPem === '') {
    child.kill('SIGKILL');
    throw new Error(`pebble did not start\n${log}`);
  }
  return {
    directoryUrl,
    listenerCertPem: listener.certPem,
    rootPem,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
