import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomicFile';
import type { CertificatePem } from './certificateKeeper';
import type { SecretStore } from './secretStore';

// What `<dataDir>/tls/public` keeps of the name the host is reached by: a
// public name's settings and ACME account (when an authority issues the
// certificate), and the certificate served by that name, whoever issued it.
// Its key is a secret, kept beside the others in the secret store.
export const SETTINGS = 'settings.json';
export const ACCOUNT = 'account.json';
const CERTIFICATE = 'certificate.pem';

/** A kept file's text; null when there is none. */
export async function keptText(dir: string, file: string): Promise<string | null> {
  try {
    return await readFile(join(dir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The certificate served by name, with its key; null unless both are kept. */
export async function keptCertificate(
  dir: string,
  secrets: SecretStore,
): Promise<CertificatePem | null> {
  const certPem = await keptText(dir, CERTIFICATE);
  const keyPem = await secrets.read('certificate-key');
  return certPem === null || keyPem === null ? null : { certPem, keyPem };
}

export async function keepCertificate(
  dir: string,
  secrets: SecretStore,
  pem: CertificatePem,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The key first: a certificate kept is only ever read with its key beside it.
  await secrets.write('certificate-key', pem.keyPem);
  await writeFileAtomically(join(dir, CERTIFICATE), pem.certPem, 0o644);
}

export async function forgetCertificate(dir: string, secrets: SecretStore): Promise<void> {
  await rm(join(dir, CERTIFICATE), { force: true });
  await secrets.remove('certificate-key');
}
