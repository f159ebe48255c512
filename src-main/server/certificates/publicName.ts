import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../atomicFile';
import type { Clock } from '../clock';
import { AddressFollower, type FollowerStatus } from './addressFollower';
import {
  LETS_ENCRYPT_DIRECTORY,
  newAccountKey,
  obtainCertificate,
  type AcmeConnection,
} from './acmeIssuer';
import { CertificateKeeper, type CertificatePem, type KeeperStatus } from './certificateKeeper';
import { checkCertificatePair, type CertificateFacts } from './certificatePair';
import { CLOUDFLARE_API, cloudflareRecords } from './cloudflareRecords';
import { ACCOUNT, SETTINGS, keepCertificate, keptCertificate, keptText } from './keptName';
import { dynamicUpdateRecords, type NameRecords } from './nameRecords';
import type { SecretStore } from './secretStore';
import { tsigAlgorithms, type TsigAlgorithm } from './tsig';

const algorithmNames = Object.keys(tsigAlgorithms) as [TsigAlgorithm, ...TsigAlgorithm[]];

// How the host changes the name's records: RFC 2136 updates signed with a
// TSIG key (settings kept before Cloudflare was offered name no kind), or
// Cloudflare's API with a token.
const dynamicUpdateSchema = z.object({
  kind: z.literal('rfc2136').default('rfc2136'),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535).default(53),
  zone: z.string().min(1),
  keyName: z.string().min(1),
  algorithm: z.enum(algorithmNames),
});
const cloudflareSchema = z.object({
  kind: z.literal('cloudflare'),
  zone: z.string().min(1),
  apiUrl: z.url().default(CLOUDFLARE_API),
});

/** What the owner said of the public name; the DNS secret (TSIG key or API token) is kept apart, as a secret. */
export const publicNameSettingsSchema = z.object({
  name: z.string().min(1),
  directoryUrl: z.url().default(LETS_ENCRYPT_DIRECTORY),
  email: z.string().optional(),
  dns: z.union([cloudflareSchema, dynamicUpdateSchema]),
});

export type PublicNameSettings = z.output<typeof publicNameSettingsSchema>;
/** The settings as the owner gives them: Let's Encrypt, port 53 and RFC 2136 unless named. */
export type PublicNameInput = z.input<typeof publicNameSettingsSchema>;
type DnsSettings = PublicNameSettings['dns'];

// Each way keeps its secret under its own name, so that changing the way
// never hands one provider's secret to the other.
const secretName = (dns: DnsSettings) =>
  dns.kind === 'cloudflare' ? 'cloudflare-token' : 'tsig-secret';

function nameRecords(dns: DnsSettings, secret: string): NameRecords {
  if (dns.kind === 'cloudflare') {
    return cloudflareRecords({ zone: dns.zone, token: secret, apiUrl: dns.apiUrl });
  }
  return dynamicUpdateRecords({
    host: dns.host,
    port: dns.port,
    zone: dns.zone,
    key: { name: dns.keyName, algorithm: dns.algorithm, secret },
  });
}

/** What the Hosting page shows of the public name. */
export interface PublicNameStatus {
  name: string;
  certificate: KeeperStatus;
  records: FollowerStatus;
}

export interface PublicNameParts {
  /** `<dataDir>/tls/public`: the settings, the account's URL and the certificate (its key is a secret). */
  dir: string;
  secrets: SecretStore;
  clock: Clock;
  log(line: string): void;
  /** The host's addresses on the office network now. */
  addresses: () => string[];
  /** How the host talks to the authority (tests trust pebble's own HTTPS, and poll faster). */
  connection?: AcmeConnection | undefined;
  /** Authorities the certificate may chain to besides the public ones (pebble's root, in tests). */
  authorities?: readonly string[] | undefined;
  /** How long a challenge's record is given to reach every server of the zone; 10 s unless given. */
  propagationMs?: number | undefined;
}

const accountSchema = z.object({ accountUrl: z.string() });

/** The public name the owner set up earlier in `dir`, if any. */
export async function keptPublicNameSettings(dir: string): Promise<PublicNameSettings | null> {
  const text = await keptText(dir, SETTINGS);
  return text === null ? null : publicNameSettingsSchema.parse(JSON.parse(text));
}

/** Keeps the owner's settings, and the DNS secret (TSIG key or API token) in the secret store. */
export async function savePublicNameSettings(
  dir: string,
  secrets: SecretStore,
  settings: PublicNameSettings,
  dnsSecret: string,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await secrets.write(secretName(settings.dns), dnsSecret);
  await writeFileAtomically(join(dir, SETTINGS), `${JSON.stringify(settings, null, 2)}\n`, 0o600);
}

/**
 * Forgets the public name kept in `dir`: its settings, its ACME account and
 * DNS secrets, after taking its address records off the DNS (a name left
 * pointing at this computer would lead phones to a host that no longer
 * answers by it). A DNS server that refuses is logged, not retried: the
 * owner asked to be done with the name. The certificate is forgotten apart.
 */
export async function forgetPublicName(
  dir: string,
  secrets: SecretStore,
  log: (line: string) => void,
): Promise<void> {
  const settings = await keptPublicNameSettings(dir);
  if (!settings) return;
  const secret = await secrets.read(secretName(settings.dns));
  if (secret !== null) {
    try {
      await nameRecords(settings.dns, secret).setAddresses(settings.name, []);
      log(`${settings.name} no longer points at this computer`);
    } catch (error) {
      log(`${settings.name} still points at this computer: ${(error as Error).message}`);
    }
  }
  await rm(join(dir, SETTINGS), { force: true });
  await rm(join(dir, ACCOUNT), { force: true });
  for (const name of ['tsig-secret', 'cloudflare-token', 'acme-account-key'] as const) {
    await secrets.remove(name);
  }
  log(`the public name ${settings.name} is forgotten`);
}

/**
 * A public name of the host's: the certificate an authority vouches for it
 * with, kept and renewed over ACME, and its A/AAAA records following the
 * host's address, both through the DNS server's signed updates or Cloudflare's API.
 */
export class PublicName {
  private constructor(
    readonly settings: PublicNameSettings,
    /** The certificate kept from an earlier run, still good: served from the start. */
    readonly kept: (CertificatePem & { facts: CertificateFacts }) | null,
    private readonly keeper: CertificateKeeper,
    private readonly follower: AddressFollower,
  ) {}

  /**
   * Reads what `dir` and the secret store keep. `install` serves a new
   * certificate from then on; it is called once `start` has been.
   */
  static async open(
    settings: PublicNameSettings,
    parts: PublicNameParts,
    install: (pem: CertificatePem) => void,
  ): Promise<PublicName> {
    const { dir, secrets, clock, log } = parts;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const secret = await secrets.read(secretName(settings.dns));
    if (secret === null) throw new Error(`no DNS secret is kept for ${settings.name}`);
    const records = nameRecords(settings.dns, secret);
    const kept = await PublicName.readKept(dir, secrets, settings.name, parts);
    const keepAccount = (accountUrl: string) =>
      writeFileAtomically(join(dir, ACCOUNT), `${JSON.stringify({ accountUrl })}\n`, 0o600);
    const keeper = new CertificateKeeper({
      clock,
      log,
      authorities: parts.authorities,
      obtain: async () => {
        const accountKeyPem = await PublicName.accountKey(secrets);
        const account = await keptText(dir, ACCOUNT);
        const issued = await obtainCertificate({
          ...parts.connection,
          name: settings.name,
          account: {
            directoryUrl: settings.directoryUrl,
            email: settings.email,
            accountKeyPem,
            accountUrl:
              account === null ? undefined : accountSchema.parse(JSON.parse(account)).accountUrl,
          },
          records,
          propagationMs: parts.propagationMs ?? 10_000,
          keepAccountUrl: keepAccount,
        });
        await keepAccount(issued.accountUrl);
        return issued;
      },
      install: async (pem) => {
        await keepCertificate(dir, secrets, pem);
        install(pem);
      },
    });
    const follower = new AddressFollower({
      clock,
      log,
      records,
      name: settings.name,
      addresses: parts.addresses,
    });
    return new PublicName(settings, kept, keeper, follower);
  }

  private static async accountKey(secrets: SecretStore): Promise<string> {
    const kept = await secrets.read('acme-account-key');
    if (kept !== null) return kept;
    const made = await newAccountKey();
    await secrets.write('acme-account-key', made);
    return made;
  }

  private static async readKept(
    dir: string,
    secrets: SecretStore,
    name: string,
    parts: PublicNameParts,
  ): Promise<(CertificatePem & { facts: CertificateFacts }) | null> {
    const pem = await keptCertificate(dir, secrets);
    if (pem === null) return null;
    const { certPem, keyPem } = pem;
    try {
      const facts = checkCertificatePair(certPem, keyPem, {
        now: new Date(parts.clock.now()),
        ...(parts.authorities ? { authorities: parts.authorities } : {}),
      });
      // A certificate for another name (the owner changed it) is asked for anew.
      return facts.names.includes(name) ? { certPem, keyPem, facts } : null;
    } catch (error) {
      parts.log(`the kept certificate is not served: ${(error as Error).message}`);
      return null;
    }
  }

  /** Starts keeping the certificate (asking for one now if none is kept) and the name's records. */
  start(): void {
    this.keeper.start(this.kept?.facts ?? null);
    this.follower.start();
  }

  status(): PublicNameStatus {
    return {
      name: this.settings.name,
      certificate: this.keeper.status(),
      records: this.follower.status(),
    };
  }

  /** Asks the authority now (the Hosting page's "Try again"). */
  renewNow(): Promise<void> {
    return this.keeper.renewNow();
  }

  /** Resolves once the certificate and records under way have been settled. */
  async settled(): Promise<void> {
    await Promise.all([this.keeper.settled(), this.follower.settled()]);
  }

  stop(): void {
    this.keeper.stop();
    this.follower.stop();
  }
}
