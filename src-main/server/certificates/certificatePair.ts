import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import * as tls from 'node:tls';

/** Which check a certificate and key failed, as the owner is told it. */
export type PairProblem =
  'unreadable' | 'key-mismatch' | 'incomplete-chain' | 'expired' | 'not-yet-valid' | 'no-name';

export class CertificatePairError extends Error {
  constructor(
    readonly problem: PairProblem,
    message: string,
  ) {
    super(message);
  }
}

/** What a served certificate says of itself, for the owner to see. */
export interface CertificateFacts {
  /** The DNS names it covers, wildcards as written. */
  names: string[];
  addresses: string[];
  /** Who issued it: the authority's organization and its certificate's name. */
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  /** SHA-256, as colon-separated upper-case hex pairs. */
  fingerprint: string;
}

// A certificate fresh from an authority whose clock runs a little ahead of
// this computer's is not refused as not valid yet (Let's Encrypt backdates
// its own by an hour for the same reason).
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM file, in the order written: the server's first, then its chain. */
export function certificatesOf(pem: string): X509Certificate[] {
  return (pem.match(pemBlock) ?? []).map((block) => new X509Certificate(block));
}

function field(distinguishedName: string, key: string): string | undefined {
  return distinguishedName
    .split('\n')
    .find((line) => line.startsWith(`${key}=`))
    ?.slice(key.length + 1);
}

function issuerName(certificate: X509Certificate): string {
  const organization = field(certificate.issuer, 'O');
  const commonName = field(certificate.issuer, 'CN');
  if (organization && commonName) return `${organization} (${commonName})`;
  return organization ?? commonName ?? certificate.issuer.replaceAll('\n', ', ');
}

function alternativeNames(certificate: X509Certificate): { names: string[]; addresses: string[] } {
  const names: string[] = [];
  const addresses: string[] = [];
  for (const entry of (certificate.subjectAltName ?? '').split(', ')) {
    if (entry.startsWith('DNS:')) names.push(entry.slice(4).toLowerCase());
    else if (entry.startsWith('IP Address:')) addresses.push(entry.slice(11));
  }
  return { names, addresses };
}

export function certificateFacts(certificate: X509Certificate): CertificateFacts {
  return {
    ...alternativeNames(certificate),
    issuer: issuerName(certificate),
    notBefore: new Date(certificate.validFrom),
    notAfter: new Date(certificate.validTo),
    fingerprint: certificate.fingerprint256,
  };
}

/** The facts as the Hosting page reads them, across the worker's and the bridge's JSON: the expiry in ms. */
export const certificateReport = (facts: CertificateFacts) => ({
  names: facts.names,
  issuer: facts.issuer,
  notAfterMs: facts.notAfter.getTime(),
  fingerprint: facts.fingerprint,
});

const signedBy = (certificate: X509Certificate, issuer: X509Certificate): boolean =>
  certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

// Node 22.15's getCACertificates, which @types/node does not know yet.
const stores = tls as typeof tls & { getCACertificates?: (type: 'default') => string[] };

let publicAuthorities: X509Certificate[] | undefined;
// Node's copy of Mozilla's list, which phones' lists agree with, and the
// authorities the owner added to Node's (NODE_EXTRA_CA_CERTS); read once.
const publicRoots = (): X509Certificate[] =>
  (publicAuthorities ??= (stores.getCACertificates?.('default') ?? tls.rootCertificates).map(
    (pem) => new X509Certificate(pem),
  ));

function readKey(keyPem: string): KeyObject {
  try {
    return createPrivateKey(keyPem);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    throw new CertificatePairError(
      'unreadable',
      /passphrase/i.test(said)
        ? 'The key is protected by a passphrase; give the key without one.'
        : 'The key file holds no private key in PEM form.',
    );
  }
}

export interface PairCheckOptions {
  now?: Date;
  /** Authorities trusted besides the public ones (a test's own authority). */
  authorities?: readonly string[];
}

/**
 * Checks a certificate file (the server's certificate, then its chain) and
 * its key as a phone would take them: the key is the certificate's, each
 * certificate in the file is issued by the next, the last by a public
 * authority, it is valid now, and it names at least one DNS name. Throws a
 * `CertificatePairError` saying which of these failed.
 */
export function checkCertificatePair(
  certPem: string,
  keyPem: string,
  options: PairCheckOptions = {},
): CertificateFacts {
  let chain: X509Certificate[];
  try {
    chain = certificatesOf(certPem);
  } catch {
    throw new CertificatePairError('unreadable', 'The certificate file is not a PEM certificate.');
  }
  const [leaf] = chain;
  if (!leaf) {
    throw new CertificatePairError('unreadable', 'The certificate file holds no PEM certificate.');
  }
  if (!leaf.checkPrivateKey(readKey(keyPem))) {
    throw new CertificatePairError('key-mismatch', 'The key does not belong to the certificate.');
  }
  for (let index = 0; index + 1 < chain.length; index++) {
    const [child, parent] = [chain[index], chain[index + 1]];
    if (child && parent && !signedBy(child, parent)) {
      throw new CertificatePairError(
        'incomplete-chain',
        `The chain is out of order: certificate ${index + 2} in the file did not issue certificate ${index + 1} (${issuerName(child)} did).`,
      );
    }
  }
  const last = chain[chain.length - 1] ?? leaf;
  const anchors = [
    ...publicRoots(),
    ...(options.authorities ?? []).flatMap((pem) => certificatesOf(pem)),
  ];
  const anchored = anchors.some(
    (anchor) => anchor.fingerprint256 === last.fingerprint256 || signedBy(last, anchor),
  );
  if (!anchored) {
    throw new CertificatePairError(
      'incomplete-chain',
      `The chain is incomplete: it ends at a certificate issued by ${issuerName(last)}, which is no public authority. Add the intermediate certificates after yours in the file.`,
    );
  }
  const facts = certificateFacts(leaf);
  const now = options.now ?? new Date();
  if (facts.notAfter.getTime() <= now.getTime()) {
    throw new CertificatePairError(
      'expired',
      `The certificate expired on ${facts.notAfter.toISOString()}.`,
    );
  }
  if (facts.notBefore.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new CertificatePairError(
      'not-yet-valid',
      `The certificate is valid only from ${facts.notBefore.toISOString()}.`,
    );
  }
  if (facts.names.length === 0) {
    throw new CertificatePairError(
      'no-name',
      'The certificate names no DNS name, so no phone can check it against the name it asked for.',
    );
  }
  return facts;
}
