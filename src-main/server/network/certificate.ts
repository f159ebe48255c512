import { X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomicFile';

/** The host's own certificate for serving HTTPS to the network. */
export interface HostCertificate {
  certPem: string;
  keyPem: string;
  /** SHA-256 of the certificate, as colon-separated upper-case hex pairs. */
  fingerprint: string;
  /** The certificate alone, for a zuliprc's `cert_bundle` or a browser to trust. */
  certPath: string;
}

const certFile = 'certificate.pem';
const keyFile = 'private-key.pem';
// Long enough that nobody's pin breaks by the calendar; clients trust it by
// fingerprint, not by its dates' promise of revocation.
const validMs = 10 * 365 * 24 * 60 * 60 * 1000;

export const tlsDirOf = (dataDir: string): string => join(dataDir, 'tls');

/**
 * The certificate kept in `dataDir/tls`, made on the first call. It names this
 * computer and the addresses it has now; Hearth's clients pin its fingerprint
 * instead, so it is never remade, and a pin holds when the address changes.
 */
export async function hostCertificate(
  dataDir: string,
  addresses: readonly string[],
): Promise<HostCertificate> {
  const dir = tlsDirOf(dataDir);
  const certPath = join(dir, certFile);
  const kept = await readKept(dir);
  if (kept) return { ...kept, fingerprint: fingerprintOf(kept.certPem), certPath };

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const made = await makeCertificate(addresses);
  const keyPath = join(dir, keyFile);
  // The key first, then the certificate: a certificate is only ever read with its key beside it.
  await writeFileAtomically(keyPath, made.keyPem, 0o600);
  await writeFileAtomically(certPath, made.certPem, 0o644);
  return { ...made, fingerprint: fingerprintOf(made.certPem), certPath };
}

async function readKept(dir: string): Promise<{ certPem: string; keyPem: string } | null> {
  try {
    const [certPem, keyPem] = await Promise.all([
      readFile(join(dir, certFile), 'utf8'),
      readFile(join(dir, keyFile), 'utf8'),
    ]);
    // The key's mode may have been widened by a copy; it is ours to keep private.
    await chmod(join(dir, keyFile), 0o600);
    return { certPem, keyPem };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function makeCertificate(
  addresses: readonly string[],
): Promise<{ certPem: string; keyPem: string }> {
  const name = hostname();
  const dnsNames = [...new Set(['localhost', name, `${name}.local`])];
  const ips = [...new Set(['127.0.0.1', '::1', ...addresses])];
  // selfsigned (and the PKI library under it) weighs some 4 MB of heap; it is
  // loaded by the one start that makes the certificate, not by every host.
  const { generate } = await import('selfsigned');
  const notBeforeDate = new Date();
  const made = await generate([{ name: 'commonName', value: `Hearth on ${name}` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + validMs),
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...dnsNames.map((value) => ({ type: 2 as const, value })),
          ...ips.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  return { certPem: made.cert, keyPem: made.private };
}

export const fingerprintOf = (certPem: string): string =>
  new X509Certificate(certPem).fingerprint256;
