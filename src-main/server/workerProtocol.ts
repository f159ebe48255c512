// Messages between the Electron main process and the host worker (worker.ts).
// Types only, so the desktop side can import them without loading the server.

import type { BackupPolicy } from './backups/backupSchedule';
import type { StartFinding } from './backups/startFindings';
import type { ZulipExportSummary } from './export/exportOrganization';
import type { ZulipVersion } from './export/zulipTarget';
import type { CertificatePem } from './certificates/certificateKeeper';
import type { PublicNameInput } from './certificates/publicName';
import type { SecretName } from './certificates/secretStore';
import type { NetworkState, NewOrganization } from './host';
import type { NetworkExposure } from './network/networkListener';
import type { HostRegistration, RegistrationOutcome } from './push/hostRegistration';

export interface HostWorkerData {
  dataDir: string;
  port: number;
  host: string;
  dev: boolean;
  /** What to create on a first start (the onboarding form's answers). */
  organization?: NewOrganization | undefined;
  /** Also serve the network, over HTTPS. */
  network?: NetworkExposure | undefined;
  /**
   * How the owner changed the name the host is reached by, given once: a
   * public name to obtain a certificate for, the owner's own certificate, or
   * neither any more. The host keeps what it sets up for every later start,
   * the secrets apart (see `keychain`).
   */
  name?:
    | { kind: 'public-name'; settings: PublicNameInput; dnsSecret: string }
    | { kind: 'own-certificate'; certificate: CertificatePem }
    | { kind: 'none' }
    | undefined;
  /**
   * The name's secrets are the app's keychain's: the host asks main
   * for each (a `secret` message), and moves there any an earlier start kept
   * as a file. Without it they are 0600 files in the data folder.
   */
  keychain?: boolean | undefined;
  /** Authorities an ACME authority's HTTPS and certificates may chain to besides the public ones (a company's own, a test's). */
  acmeAuthorities?: readonly string[] | undefined;
  backups?: BackupPolicy | undefined;
  /** A backup to restore before starting. */
  restoreFrom?: string | undefined;
  /** Whether outgoing-webhook bots may post to this computer and private networks. */
  outgoingWebhooks?: { allowPrivateAddresses: boolean } | undefined;
  /** The names the owner added that the host is also reached by, as `--allowed-host` gives them. */
  allowedHosts?: readonly string[] | undefined;
}

/** What main asks of a running host, answered by a `reply` with the same `id`. */
export type HostRequest =
  | { type: 'backup' }
  | { type: 'certificate' }
  | { type: 'renew-certificate' }
  | { type: 'backup-keep'; keep: number }
  | { type: 'export-zulip'; zulipVersion: ZulipVersion }
  | { type: 'push-service' }
  | { type: 'register-push-service'; registration: HostRegistration };

/** What a request answers with: a backup's file name, what an export wrote, how the public name or the push service stands. */
export interface HostReply {
  name?: string | undefined;
  export?: ZulipExportSummary | undefined;
  publicName?: PublicNameReport | null | undefined;
  ownCertificate?: ServedCertificateReport | null | undefined;
  /** Where the host serves the network now: a certificate that arrives adds its names. */
  network?: NetworkState | null | undefined;
  /** How the host stands with the push service; null before it ever registered. */
  pushService?: PushServiceReport | null | undefined;
  /** What became of a registration with the push service. */
  pushRegistration?: RegistrationOutcome | undefined;
}

/** The host's registration with the push service, for the Hosting page: dates in milliseconds. */
export interface PushServiceReport {
  url: string;
  contactEmail: string;
  registeredAtMs: number | null;
  unreachableSinceMs: number | null;
  /** The service's words when it last said no. */
  refusal: string | null;
  canPush: boolean;
}

/** A certificate served by name, for the Hosting page. */
export interface ServedCertificateReport {
  names: string[];
  issuer: string;
  notAfterMs: number;
  fingerprint: string;
}

/** How the public name stands, for the Hosting page: its certificate, the next attempt, its records. */
export interface PublicNameReport {
  name: string;
  /** The certificate served, once the authority gave one. */
  certificate: ServedCertificateReport | null;
  obtaining: boolean;
  /** The last attempt's failure, in the authority's or the DNS server's words. */
  failure: { source: string; message: string; atMs: number } | null;
  nextAttemptMs: number | null;
  /** The addresses the name points at, once set; why the last change failed. */
  records: { published: string[] | null; failure: string | null };
}

export type MainToHostWorker = { type: 'stop' } | (HostRequest & { id: number }) | SecretAnswer;

/** A keychain secret the host reads (no `value`), keeps (`value`) or forgets (`remove`), answered by a `secret-answer`. */
export interface SecretAsk {
  type: 'secret';
  id: number;
  name: SecretName;
  value?: string | undefined;
  remove?: true | undefined;
}

/** The secret read (null: none kept), or why the keychain failed (`message`). */
export interface SecretAnswer {
  type: 'secret-answer';
  id: number;
  ok: boolean;
  value: string | null;
  message?: string | undefined;
}

export type HostWorkerToMain =
  | {
      type: 'ready';
      url: string;
      realmName: string;
      owner: { userId: number; email: string; fullName: string; apiKey: string };
      network: NetworkState | null;
    }
  | { type: 'error'; message: string }
  /** The database is damaged: the host does not serve it, at its start or since (then it has closed). */
  | { type: 'damaged'; message: string }
  /** The disk holding the data folder filled up, or has space again. */
  | { type: 'disk-full'; full: boolean }
  /** Work a kill had cut short, which the starting host found and ended before it opened the database. */
  | { type: 'found-at-start'; found: StartFinding[] }
  | { type: 'stopped' }
  | SecretAsk
  /** The answer to a request, or why it failed (`message`). */
  | ({
      type: 'reply';
      id: number;
      ok: boolean;
      message?: string | undefined;
    } & HostReply);
