import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

// Where Linux distributions keep the system's bundle, which
// update-ca-certificates (Debian, Ubuntu), update-ca-trust (Fedora) and
// their kin write the company's authorities into.
const linuxBundles = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

const pemBlocks = (text: string): string[] =>
  text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

const readPems = (file: string): string[] => {
  try {
    return pemBlocks(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
};

/** The OS's own store where this Node can read it (22.15 and later: macOS, Windows and Linux). */
function systemStore(): string[] | null {
  const read = (tls as { getCACertificates?: (type: 'system') => string[] }).getCACertificates;
  if (typeof read !== 'function') return null;
  try {
    return read('system');
  } catch {
    return null;
  }
}

export interface TrustSources {
  env: Readonly<Record<string, string | undefined>>;
  /** The system bundle files to read where the OS store cannot be asked; Linux's by default. */
  bundles?: readonly string[];
}

/**
 * The authorities a server's certificate may chain to, as a browser on this
 * computer trusts them: Node's own list, the system's store or bundle, and
 * NODE_EXTRA_CA_CERTS. Passing any `ca` to a TLS connection replaces Node's
 * defaults, so all three are named here.
 */
export function trustedAuthorities(sources: TrustSources): string[] {
  const system =
    systemStore() ?? (sources.bundles ?? linuxBundles).flatMap((file) => readPems(file));
  const extraFile = sources.env.NODE_EXTRA_CA_CERTS;
  const extra = extraFile ? readPems(extraFile) : [];
  return [...new Set([...tls.rootCertificates, ...system, ...extra])];
}
