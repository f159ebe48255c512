import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bootstrapRealm, organizationSeed, type RealmBootstrap } from './actions/bootstrapRealm';
import { deliverDueScheduledMessages } from './actions/deliverScheduledMessages';
import { botReplyPort } from './actions/botReplyPort';
import { keepSweepingUploads } from './actions/resumableUploads';
import { backupsDirOf } from './backups/backupFiles';
import { Backups, type BackupPolicy } from './backups/backupSchedule';
import type { DamagedDatabaseError } from './backups/damagedDatabase';
import { databaseFaults, refuseDamagedDatabase } from './databaseFaults';
import { restoreBackup } from './backups/restoreBackup';
import { endWorkCutShort, type StartFinding } from './backups/startFindings';
import { seedDemo } from './actions/seedDemo';
import { defaultQueueTimeouts, EventQueues } from './events/queues';
import { systemClock, type Clock } from './clock';
import { buildApp } from './http/app';
import { budgetedListener } from './http/budgetedListener';
import { AuthCache } from './http/authCache';
import { RateLimits, zulipRateRules, type RateRules } from './http/rateLimits';
import { prepareRenderer } from './markdown/render';
import {
  defaultOutgoingWebhookSettings,
  OutgoingWebhooks,
  type OutgoingWebhookSettings,
} from './outgoing/deliveries';
import {
  httpsUrl,
  interfaceAddresses,
  isLoopback,
  isWildcard,
  networkUrls,
} from './network/addresses';
import type { CertificatePem } from './certificates/certificateKeeper';
import {
  CertificatePairError,
  certificateFacts,
  certificatesOf,
  checkCertificatePair,
  type CertificateFacts,
} from './certificates/certificatePair';
import { announce, type Announcement } from './network/announce';
import type { BindFailure } from './network/bindFailure';
import { hostCertificate, tlsDirOf, type HostCertificate } from './network/certificate';
import type { PublicName, PublicNameParts, PublicNameStatus } from './certificates/publicName';
import { openServedName, type NameChange, type ServedName } from './certificates/servedName';
import { fileSecrets, secretsMovedFromFiles, type SecretStore } from './certificates/secretStore';
import { HostNames } from './network/hostNames';
import {
  isBindFailure,
  listenOnNetwork,
  type NetworkExposure,
  type NetworkListener,
} from './network/networkListener';
import {
  defaultPasswordHashing,
  Passwords,
  type PasswordHashing,
} from './passwords/passwordHashes';
import { ScheduledDelivery } from './scheduledDelivery';
import type { Services } from './services';
import { PartialUploadFiles } from './store/partialUploadFiles';
import { RealmExportRunner } from './export/realmExportRunner';
import { notifyRealmExport } from './actions/realmExports';
import { reactivateRealm } from './actions/realmDeactivation';
import { isRealmDeactivated } from './store/realmDeactivation';
import { soonestScheduledTimestamp } from './store/scheduledMessages';
import { Sql } from './store/sql';
import { DEFERRED_BUDGET_MS, TURN_BUDGET_MS, TurnBudget } from './turnBudget';
import { writeZuliprc } from './zuliprc';
import { plainNotice } from './events/notice';
import {
  PushRegistrationError,
  type HostRegistration,
  type RegistrationOutcome,
} from './push/hostRegistration';
import { openHostPush, type PushServiceStatus } from './push/hostPush';
import { allUsers } from './store/users';
import { SERVER_GENERATION, ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from './version';

export interface HostOptions {
  dataDir: string;
  /** Default 9991; 0 picks any free port. */
  port?: number;
  /** Default 127.0.0.1: this listener serves plain HTTP, so only loopback is allowed. */
  host?: string;
  /**
   * Also serve the network over HTTPS: with the owner's own certificate when
   * one is given, else with a certificate the host makes once.
   */
  network?:
    | (NetworkExposure & {
        /** Served at every address and name instead of the host's own; read anew on each start. */
        certificate?: OwnCertificate | undefined;
        /**
         * A name the host is also reached by, through a public name it keeps
         * or the owner's certificate for it, served to those who ask for the
         * name; kept in the data folder for later starts, secrets in `secrets`.
         */
        name?: NameChange | undefined;
      })
    | undefined;
  /** Where a public name's secrets (and an own certificate's key) are kept: 0600 files in the data folder unless the app gives its keychain. */
  secrets?: SecretStore | undefined;
  /** How the host talks to the ACME authority, and how long it gives DNS records to spread (tests shorten both). */
  acme?: Pick<PublicNameParts, 'connection' | 'authorities' | 'propagationMs'> | undefined;
  /** Authorities the owner's certificate may chain to besides the public ones (a test's own). */
  trustedAuthorities?: readonly string[] | undefined;
  /**
   * Names the host is also reached by (a reverse proxy's, the office DNS's),
   * as Zulip's ALLOWED_HOSTS: beyond loopback, this computer's own names and
   * addresses and its certificate's, every other Host header is refused.
   */
  allowedHosts?: readonly string[] | undefined;
  /** Whether a host serving the network announces itself there (mDNS); default true. */
  announce?: boolean;
  /** Backups taken while the host serves, into `<dataDir>/backups`; none unless given. */
  backups?: BackupPolicy | undefined;
  /** A backup to put in place of the database before starting (the database it replaces is kept). */
  restoreFrom?: string | undefined;
  /** Open again the organization its owner deactivated (POST /realm/deactivate), all its data kept. */
  reactivateOrganization?: boolean | undefined;
  dev?: boolean;
  queueTimeouts?: { heartbeatMs?: number; idleMs?: number };
  /** Zulip's rate limits unless other rules are given; `false` turns them off. */
  rateLimits?: RateRules | false;
  /**
   * Registers the host with Zulip's push service at this address as it
   * starts (Zulip's `manage.py register_server`); a later start keeps the
   * registration without it.
   */
  registerPushService?: HostRegistration | undefined;
  /**
   * SQLite found the database damaged while the host served it: the host has
   * stopped serving and closed, and says how to restore the newest sound backup.
   */
  onDamaged?: ((damage: DamagedDatabaseError) => void) | undefined;
  /** The disk holding the data folder filled up (true), or has space again (false). */
  onDiskFull?: ((full: boolean) => void) | undefined;
  /** Work a kill had cut short, found and ended before the database opened (and so said even when the start then fails). */
  onFoundAtStart?: ((found: readonly StartFinding[]) => void) | undefined;
  /** The organization to create when the data folder holds none; later starts keep the one they find. */
  organization?: NewOrganization | undefined;
  /** The time scheduled messages are due by; the system's unless a test drives its own. */
  clock?: Clock | undefined;
  /**
   * Whether outgoing-webhook bots may post to this computer and private
   * networks (off unless the host's owner allows it), and how long a bot's
   * server has to answer.
   */
  outgoingWebhooks?: Partial<OutgoingWebhookSettings> | undefined;
  /**
   * How passwords are hashed: OWASP's scrypt cost, a core left to the event loop, unless
   * tests lower the cost (they create hundreds of users) or watch the hashing.
   */
  passwordHashing?: Partial<PasswordHashing> | undefined;
}

export type NewOrganization = RealmBootstrap;

/** A certificate the owner obtained for a name of theirs, with its chain, and its key. */
export interface OwnCertificate extends CertificatePem {
  /** Where the owner keeps the certificate file. */
  certPath: string;
}

export interface Host {
  url: string;
  realmName: string;
  owner: { userId: number; email: string; fullName: string; apiKey: string };
  zuliprcPath: string;
  /** Null when the host takes no backups. */
  backups: Backups | null;
  /** Null when the host serves loopback only. */
  network: NetworkState | null;
  /**
   * Serves the network with another certificate from now on, without a
   * restart: open connections and event queues carry on. The owner's
   * certificate is replaced; a public name's is served to whoever asks for
   * its name. Throws, serving the old one still, when the new one fails
   * `checkCertificatePair`.
   */
  installCertificate(certificate: CertificatePem): CertificateFacts;
  /** The public name's certificate and records, for the Hosting page; null without one. */
  publicName(): PublicNameStatus | null;
  /** The owner's own certificate kept for a name (`network.name`), served or refused as out of date; null without one. */
  ownCertificate(): CertificateFacts | null;
  /** Asks the authority for the public name's certificate now: the Hosting page's "Try again". */
  renewCertificate(): Promise<void>;
  /** Registers with Zulip's push service (again, with the same identity, if it was before). */
  registerPushService(registration: HostRegistration): Promise<RegistrationOutcome>;
  /** Whether phones are notified, and if not why; null before any registration. */
  pushService(): PushServiceStatus | null;
  /** The disk holding the data folder is full: the last write failed for it, and none has succeeded since. */
  diskFull(): boolean;
  /** What a kill or a crash had cut short, found and ended before this start opened the database. */
  foundAtStart: readonly StartFinding[];
  close(): Promise<void>;
}

/** The network side of a host: serving, or why it could not. */
export type NetworkState = NetworkExposure & {
  /** The certificate served at the host's addresses, which Hearth's clients pin: the host's own, or the owner's. */
  fingerprint: string;
  certPath: string;
  /** The names a public authority vouches for, which phones can check; none for the host's own certificate. */
  names: string[];
} & ({ urls: string[] } | { failure: BindFailure });

const defaultOrganization: NewOrganization = {
  realmName: 'Hearth',
  ownerEmail: 'owner@hearth.local',
  ownerFullName: 'Hearth Owner',
};

const log = (line: string) => console.error(`[hearth] ${line}`);

function urlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** Hosts the organization stored in `dataDir`, creating it on first start. */
export async function startHost(options: HostOptions): Promise<Host> {
  const loopback = options.host ?? '127.0.0.1';
  if (!isLoopback(loopback)) {
    throw new Error(
      `${loopback} is not a loopback address: Hearth serves the network only over HTTPS (--tls)`,
    );
  }
  const hostNames = new HostNames(options.allowedHosts);
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const databasePath = join(options.dataDir, 'hearth.sqlite3');
  const foundAtStart = await endWorkCutShort(options.dataDir, databasePath, log);
  if (foundAtStart.length > 0) options.onFoundAtStart?.(foundAtStart);
  if (options.restoreFrom !== undefined) {
    const { replacedPath } = await restoreBackup(databasePath, options.restoreFrom);
    log(`restored ${options.restoreFrom}; the database it replaced is ${replacedPath}`);
  }
  await refuseDamagedDatabase(options.dataDir, databasePath);
  // One budget per turn for requests, the answers a delivery wakes, and the
  // commit of the sends each turn grouped.
  const turns = new TurnBudget(TURN_BUDGET_MS, DEFERRED_BUDGET_MS);
  const faults = databaseFaults(options.dataDir, databasePath, log, options);
  const sql = new Sql(databasePath, {
    logSlow: log,
    scheduleGroup: (commit) => turns.defer(commit),
    ...faults.sqlOptions,
  });
  const queues = new EventQueues({ ...defaultQueueTimeouts, ...options.queueTimeouts }, sql, turns);
  let url = '';
  let network: NetworkState | null = null;
  /** The names a public name's certificate is served for (by SNI); none until it arrives. */
  let publicNames: string[] = [];
  const clock = options.clock ?? systemClock;
  // A deactivated organization's scheduled messages wait, kept, until it is
  // opened again (Zulip's would fail as sent to a deactivated realm).
  const scheduledDelivery = new ScheduledDelivery(
    clock,
    () => {
      if (!isRealmDeactivated(sql)) deliverDueScheduledMessages(services);
    },
    () => (isRealmDeactivated(sql) ? null : soonestScheduledTimestamp(sql)),
    log,
  );
  const push = openHostPush({
    sql,
    queues,
    clock,
    dataDir: options.dataDir,
    secrets: options.secrets,
    realmUri: () => services.realmUri(),
    log,
  });
  const services: Services = {
    sql,
    queues,
    dev: options.dev ?? false,
    // Links the host hands out (invitations) are for colleagues on the network once it serves one.
    realmUri: () => (network && 'urls' in network ? (network.urls[0] ?? url) : url),
    // Links name the public name once its certificate is served: a phone or
    // a Hearth client checks it against the public authorities, and a pin
    // would break at its renewal.
    certificateFingerprint: () =>
      network && 'urls' in network && publicNames.length === 0 ? network.fingerprint : null,
    authCache: new AuthCache(),
    rateLimits:
      options.rateLimits === false ? null : new RateLimits(options.rateLimits ?? zulipRateRules),
    clock,
    scheduledDelivery,
    outgoingWebhooks: new OutgoingWebhooks(
      { ...defaultOutgoingWebhookSettings, ...options.outgoingWebhooks },
      botReplyPort(sql, () => services),
      log,
    ),
    passwords: new Passwords({ ...defaultPasswordHashing, ...options.passwordHashing }),
    realmExports: new RealmExportRunner({
      sql,
      databasePath,
      dataDir: options.dataDir,
      onChange: () => notifyRealmExport(services),
      log,
    }),
    pushDelivery: push.delivery,
  };
  const partialUploads = new PartialUploadFiles(join(options.dataDir, 'tus'));
  const app = buildApp(services, turns, log, hostNames, partialUploads);
  let stopSweeps = () => {};
  prepareRenderer();
  let networkListener: NetworkListener | null = null;
  const installCertificate = (pem: CertificatePem): CertificateFacts => {
    const facts = checkCertificatePair(pem.certPem, pem.keyPem, {
      authorities: [...(options.trustedAuthorities ?? []), ...(options.acme?.authorities ?? [])],
    });
    if (!network || !('urls' in network) || !networkListener) {
      throw new Error('the host serves no network to install a certificate for');
    }
    hostNames.trustCertificate(pem.certPem);
    const names = servedNames(facts);
    if (options.network?.certificate) {
      networkListener.replaceCertificate(pem);
      network = { ...network, fingerprint: facts.fingerprint, names, urls: urlsOf(network, names) };
    } else {
      // A public name's certificate goes to those who ask for the name;
      // Hearth's clients that pinned the host's own, by its address, keep
      // reaching it until they move to the name.
      networkListener.serveForNames(pem, names);
      publicNames = names;
      network = { ...network, names, urls: urlsOf(network, names) };
    }
    return facts;
  };
  // A certificate for new names while the host serves: the organization's
  // URL changed. Every queue carries on (they survive a certificate) and
  // hears Zulip's `restart` event, on which a client may register again:
  // a Hearth client does, reads the new realm_url and moves to it (issue 53).
  const renamed = (pem: CertificatePem): CertificateFacts => {
    const before = publicNames.join(' ');
    const facts = installCertificate(pem);
    if (publicNames.join(' ') !== before) {
      queues.notify(
        plainNotice('restart', {
          zulip_version: ZULIP_VERSION,
          zulip_merge_base: ZULIP_VERSION,
          zulip_feature_level: ZULIP_FEATURE_LEVEL,
          server_generation: SERVER_GENERATION,
        }),
        allUsers(sql).map((user) => user.id),
      );
      log(`the organization's URL is now ${services.realmUri()}; its clients were told`);
    }
    return facts;
  };
  let publicName: PublicName | null = null;
  let ownFacts: CertificateFacts | null = null;
  const backups = options.backups
    ? new Backups(sql, backupsDirOf(options.dataDir), options.backups, log)
    : null;
  let announcement: Announcement | null = null;
  const shutDown = () =>
    everyStep([
      () => scheduledDelivery.stop(),
      () => push.stop(),
      () => stopSweeps(),
      () => publicName?.stop(),
      () => backups?.stop(),
      () => backups?.settled(),
      () => services.realmExports.settled(),
      () => queues.close(),
      () => announcement?.stop(),
      () => networkListener?.close(),
      () => app.close(),
      () => services.outgoingWebhooks.close(),
      () => sql.close(),
    ]);
  try {
    const organization = options.organization ?? defaultOrganization;
    const { realm, owner } = bootstrapRealm(
      services,
      await organizationSeed(sql, services.passwords, organization),
    );
    if (options.reactivateOrganization === true && reactivateRealm(services)) {
      log('the organization is active again');
    }
    if (services.dev) seedDemo(services, owner);
    // What fell due while the host was stopped is sent before anyone asks.
    scheduledDelivery.start();
    stopSweeps = keepSweepingUploads(services, partialUploads);
    services.realmExports.resume();
    await app.listen({ port: options.port ?? 9991, host: loopback });
    url = urlOf(app.server.address() as AddressInfo);
    if (options.network) {
      const own = options.network.certificate;
      const servedName = own ? null : await openName(options, options.network, clock, renamed);
      publicName = servedName?.kind === 'public-name' ? servedName.publicName : null;
      const certificate: ServedCertificate = own
        ? ownCertificate(own, options.trustedAuthorities)
        : {
            ...(await hostCertificate(
              options.dataDir,
              interfaceAddresses().map((entry) => entry.address),
            )),
            names: [],
          };
      hostNames.trustCertificate(certificate.certPem);
      const served = await listenOnNetwork(
        budgetedListener(turns, app.routing),
        options.network,
        certificate,
      );
      if (isBindFailure(served)) {
        network = { ...networkOf(options.network, certificate), failure: served };
      } else {
        networkListener = served;
        const exposure = { address: options.network.address, port: served.port };
        network = {
          ...networkOf(exposure, certificate),
          urls: urlsOf(exposure, certificate.names),
        };
        const kept = publicName?.kept;
        if (kept) installCertificate(kept);
        publicName?.start();
        if (servedName?.kind === 'own-certificate') {
          ownFacts = installOwn(servedName.certificate, installCertificate);
        }
        if (options.announce !== false) {
          announcement = await announce(
            { realmName: realm.name, port: served.port, fingerprint: certificate.fingerprint },
            log,
          );
        }
      }
    }
    const zuliprcPath = join(options.dataDir, 'zuliprc');
    await writeZuliprc(zuliprcPath, { email: owner.email, apiKey: owner.api_key, site: url });
    await backups?.start();
    push.start();
    if (options.registerPushService) {
      const outcome = await push.register(options.registerPushService);
      if (outcome.kind !== 'registered') throw new PushRegistrationError(outcome);
    }

    let closing: Promise<void> | undefined;
    const close = () => (closing ??= shutDown());
    faults.serving(close);
    return {
      url,
      realmName: realm.name,
      owner: {
        userId: owner.id,
        email: owner.email,
        fullName: owner.full_name,
        apiKey: owner.api_key,
      },
      zuliprcPath,
      backups,
      get network() {
        return network;
      },
      installCertificate,
      publicName: () => publicName?.status() ?? null,
      ownCertificate: () => ownFacts,
      renewCertificate: async () => {
        if (!publicName) throw new Error('This host has no public name.');
        await publicName.renewNow();
      },
      registerPushService: (registration) => push.register(registration),
      pushService: () => push.status(),
      diskFull: faults.diskFull,
      foundAtStart,
      close,
    };
  } catch (error) {
    await shutDown().catch((failure: unknown) => {
      log(`closing after a failed start: ${String(failure)}`);
    });
    throw error;
  }
}

/**
 * Runs each step of a close in turn, every one even when one before it
 * failed (a damaged database refuses the queues' last save, and the
 * listeners must close all the same); then throws the first failure.
 */
async function everyStep(steps: readonly (() => unknown)[]): Promise<void> {
  let failure: unknown = null;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
}

const networkOf = (exposure: NetworkExposure, certificate: ServedCertificate) => ({
  address: exposure.address,
  port: exposure.port,
  fingerprint: certificate.fingerprint,
  certPath: certificate.certPath,
  names: certificate.names,
});

type ServedCertificate = HostCertificate & { names: string[] };

// A wildcard covers names the host cannot list; the owner names the one used with --allowed-host.
const servedNames = (facts: CertificateFacts): string[] =>
  facts.names.filter((name) => !name.startsWith('*'));

/** The owner's certificate, checked as a phone would check it; a bad pair stops the start, saying why. */
function ownCertificate(
  own: OwnCertificate,
  authorities: readonly string[] | undefined,
): ServedCertificate {
  let facts: CertificateFacts;
  try {
    facts = checkCertificatePair(own.certPem, own.keyPem, {
      ...(authorities ? { authorities } : {}),
    });
  } catch (error) {
    if (!(error instanceof CertificatePairError)) throw error;
    throw new CertificatePairError(
      error.problem,
      `the certificate ${own.certPath} cannot be served: ${error.message}`,
    );
  }
  return { ...own, fingerprint: facts.fingerprint, names: servedNames(facts) };
}

/** The URLs colleagues use: the certificate's names first (the one phones can check), then the addresses. */
const urlsOf = (exposure: NetworkExposure, names: readonly string[]): string[] => [
  ...names.map((name) => httpsUrl(name, exposure.port)),
  ...networkUrls(exposure.address, exposure.port),
];

const publicNameDirOf = (dataDir: string): string => join(tlsDirOf(dataDir), 'public');

/** The name the host is also reached by: as the owner changed it now, or as kept from an earlier start. */
async function openName(
  options: HostOptions,
  network: NonNullable<HostOptions['network']>,
  clock: Clock,
  install: (pem: CertificatePem) => void,
): Promise<ServedName> {
  const dir = publicNameDirOf(options.dataDir);
  const secrets = options.secrets ? secretsMovedFromFiles(options.secrets, dir) : fileSecrets(dir);
  return openServedName(
    network.name,
    {
      dir,
      secrets,
      clock,
      log,
      addresses: () => publicAddresses(network.address),
      ...options.acme,
    },
    install,
  );
}

/**
 * Serves the owner's kept certificate by its names. One gone out of date
 * since it was given is not served, but still reported, for the Hosting
 * page to ask for a new one.
 */
function installOwn(
  pem: CertificatePem,
  install: (pem: CertificatePem) => CertificateFacts,
): CertificateFacts | null {
  try {
    return install(pem);
  } catch (error) {
    log(`your certificate is not served: ${(error as Error).message}`);
    const [leaf] = certificatesOf(pem.certPem);
    return leaf ? certificateFacts(leaf) : null;
  }
}

/** The addresses a public name points at: those the host listens on, beyond loopback. */
const publicAddresses = (bound: string): string[] =>
  isWildcard(bound)
    ? interfaceAddresses()
        .filter((entry) => bound === '::' || entry.family === 'IPv4')
        .map((entry) => entry.address)
    : [bound];
