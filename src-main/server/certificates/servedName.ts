import type { CertificatePem } from './certificateKeeper';
import { forgetCertificate, keepCertificate, keptCertificate } from './keptName';
import {
  forgetPublicName,
  keptPublicNameSettings,
  PublicName,
  savePublicNameSettings,
  type PublicNameParts,
  type PublicNameSettings,
} from './publicName';

/**
 * How the owner changed the name the host is reached by; the host keeps
 * what it sets up for later starts, so it is given once (the Hosting page),
 * or on each start (`serve --public-name`).
 */
export type NameChange =
  /**
   * A public name whose certificate the host obtains over ACME (DNS-01) and
   * keeps renewed, pointing the name at its address; the DNS secret is kept
   * in the secret store.
   */
  | { kind: 'public-name'; settings: PublicNameSettings; dnsSecret: string }
  /** The owner's own certificate for names of theirs, checked before it is given. */
  | { kind: 'own-certificate'; certificate: CertificatePem }
  /** Back to the host's own certificate alone: what was kept of a name is forgotten. */
  | { kind: 'none' };

/** The name the host serves besides its addresses: a public name it keeps, or the owner's certificate. */
export type ServedName =
  | { kind: 'public-name'; publicName: PublicName }
  | { kind: 'own-certificate'; certificate: CertificatePem }
  | null;

/**
 * Applies `change` to what `parts.dir` keeps, and opens what it then keeps.
 * A public name and an own certificate exclude each other: choosing one
 * forgets the other.
 */
export async function openServedName(
  change: NameChange | undefined,
  parts: PublicNameParts,
  install: (pem: CertificatePem) => void,
): Promise<ServedName> {
  const { dir, secrets, log } = parts;
  if (change?.kind === 'none' || change?.kind === 'own-certificate') {
    await forgetPublicName(dir, secrets, log);
    await forgetCertificate(dir, secrets);
  }
  if (change?.kind === 'own-certificate') {
    await keepCertificate(dir, secrets, change.certificate);
  } else if (change?.kind === 'public-name') {
    await savePublicNameSettings(dir, secrets, change.settings, change.dnsSecret);
  }
  const settings = await keptPublicNameSettings(dir);
  if (settings) {
    return { kind: 'public-name', publicName: await PublicName.open(settings, parts, install) };
  }
  const certificate = await keptCertificate(dir, secrets);
  return certificate && { kind: 'own-certificate', certificate };
}
