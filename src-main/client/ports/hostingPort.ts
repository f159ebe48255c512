import type {
  OwnCertificateRequest,
  PublicNameReport,
  PublicNameRequest,
  PushRegistrationOutcome,
  PushServiceReport,
  PushServiceRequest,
  ServedCertificate,
  StartFinding,
  ZulipExport,
  ZulipVersion,
} from '../../../src-preload/bridge';

/** This computer's organization, as its host reports it once it serves. */
export interface HostedOrganization {
  url: string;
  realmName: string;
  owner: { userId: number; email: string; fullName: string; apiKey: string };
}

/** What the onboarding form's "Host a new organization" asks for. */
export interface NewOrganization {
  realmName: string;
  ownerFullName: string;
  ownerEmail: string;
  ownerPassword: string;
  /** One of the window's languages (`pt-BR`): the organization's default_language. */
  language: string;
}

/** How this computer's host stands, for the Hosting page. */
export interface HostingReport {
  status: 'stopped' | 'starting' | 'running' | 'restarting' | 'stopping';
  /** When the host last began serving, in ms since 1970; null while it does not serve. */
  runningSince: number | null;
  /** Where this computer reaches it; null while it does not serve. */
  url: string | null;
  /** The organization's database with its write-ahead log; null before there is one. */
  databaseBytes: number | null;
  /** The host's recent log lines, oldest first. */
  logs: { time: number; source: string; text: string }[];
  network: HostingNetwork;
  backups: HostingBackups;
  /** Whether outgoing-webhook bots may post to this computer and private networks. */
  botsReachPrivateNetworks: boolean;
  /**
   * The names the owner added that the host is also reached by (a reverse
   * proxy's, a DNS name), besides loopback and this computer's own names,
   * addresses and certificate.
   */
  allowedHosts: string[];
  /** The public name's certificate and records, while the host serves the network with one. */
  publicName: PublicNameReport | null;
  /** The owner's own certificate, served by its names, while the host serves the network with one. */
  ownCertificate: ServedCertificate | null;
  /** How the host stands with the push notification service, while it runs; null before it ever registered. */
  pushService: PushServiceReport | null;
  /** What the host said when it stopped for a damaged database, until it starts again; null otherwise. */
  damage: string | null;
  /** The disk holding the organization's data is full: the host refuses every change until space is freed. */
  diskFull: boolean;
  /** What the host found cut short at its starts since the app opened, until the owner dismisses it. */
  foundAtStart: StartFinding[];
}

/** The organization's backups: checked copies of its database, newest first. */
export interface HostingBackups {
  /** How many are kept. */
  keep: number;
  files: { name: string; takenAt: number; bytes: number }[];
}

/** Where the host serves others on the network (over HTTPS), or why it cannot. */
export interface NetworkExposure {
  /** An address of this computer, or 0.0.0.0 for all of them. */
  address: string;
  port: number;
}

export interface HostingNetwork {
  /** The setting; null while only this computer reaches the organization. */
  exposure: NetworkExposure | null;
  /** The addresses colleagues use now; none while it does not serve the network. */
  urls: string[];
  /** The SHA-256 fingerprint of the host's certificate, once it has one. */
  fingerprint: string | null;
  /** The certificate's file, for other clients to trust (a zuliprc's cert_bundle). */
  certificatePath: string | null;
  /** Why the network is not served although asked for (the port is taken…). */
  failure: string | null;
  /** This computer's network addresses, to choose from. */
  interfaces: { name: string; address: string }[];
}

export const loopbackOnly: HostingNetwork = {
  exposure: null,
  urls: [],
  fingerprint: null,
  certificatePath: null,
  failure: null,
  interfaces: [],
};

/**
 * Hosting the organization of this computer. The Electron app and the browser
 * harness both run the service on a worker thread (desktop/hosting.ts); the
 * client only needs to start and stop it.
 */
export interface HostingPort {
  /** Starts the host, creating the organization from `organization` when none exists yet. */
  start(organization?: NewOrganization): Promise<HostedOrganization>;
  stop(): Promise<void>;
  report(): Promise<HostingReport>;
  /** Serves the network at `exposure` from now on (null: this computer only), restarting a running host. */
  setNetwork(exposure: NetworkExposure | null): Promise<void>;
  /** Takes a backup now; the host must be running. */
  backUp(): Promise<void>;
  /** The folder each export makes a new folder in; null where nothing is hosted. */
  readonly exportsDir: string | null;
  /** Writes the organization for a Zulip server of `zulipVersion` to import; the host must be running. */
  exportForZulip(zulipVersion: ZulipVersion): Promise<ZulipExport>;
  /** Keeps the newest `keep` backups from now on. */
  setBackupKeep(keep: number): Promise<void>;
  /** Lets outgoing-webhook bots post to this computer and private networks, or not, restarting a running host. */
  setBotsReachPrivateNetworks(allow: boolean): Promise<void>;
  /**
   * Has the host answer to `name` too, restarting a running host; throws, in
   * the person's words, for anything that is no host name or address.
   */
  addAllowedHost(name: string): Promise<void>;
  /** Has the host no longer answer to a name the owner added, restarting a running host. */
  removeAllowedHost(name: string): Promise<void>;
  /** Puts the backup named `name` in place of the database: the host stops, and starts again on it. */
  restore(name: string): Promise<void>;
  /** Has the host obtain a certificate for a public name and keep its records, restarting it. */
  setPublicName(request: PublicNameRequest): Promise<void>;
  /** What the owner's certificate covers; throws, saying which check it fails. */
  checkOwnCertificate(request: OwnCertificateRequest): Promise<ServedCertificate>;
  /** Has the host serve the owner's certificate by its names instead of a public name's, restarting it. */
  setOwnCertificate(request: OwnCertificateRequest): Promise<void>;
  /** Has the host forget its public name or own certificate and serve its own alone, restarting it. */
  forgetPublicName(): Promise<void>;
  /** Asks the authority for the public name's certificate now; the host must be running. */
  renewCertificate(): Promise<void>;
  /** Registers the running host with the push notification service, and says what became of it. */
  registerPushService(request: PushServiceRequest): Promise<PushRegistrationOutcome>;
  /** The host stopped, and stays stopped, for a damaged database: what it said; null otherwise. */
  damage(): string | null;
  /** The owner has read what the host found cut short at its starts: the report forgets it. */
  dismissFoundAtStart(): void;
  /** Calls `listener` when the status changes or the host logs a line; returns how to stop. */
  onChange(listener: () => void): () => void;
}

/** For an app that hosts nothing itself; `why` is the answer to a start. */
export function noHosting(why: string): HostingPort {
  return {
    start: () => Promise.reject(new Error(why)),
    stop: async () => undefined,
    setNetwork: () => Promise.reject(new Error(why)),
    backUp: () => Promise.reject(new Error(why)),
    exportsDir: null,
    exportForZulip: () => Promise.reject(new Error(why)),
    setBackupKeep: () => Promise.reject(new Error(why)),
    setBotsReachPrivateNetworks: () => Promise.reject(new Error(why)),
    addAllowedHost: () => Promise.reject(new Error(why)),
    removeAllowedHost: () => Promise.reject(new Error(why)),
    restore: () => Promise.reject(new Error(why)),
    setPublicName: () => Promise.reject(new Error(why)),
    checkOwnCertificate: () => Promise.reject(new Error(why)),
    setOwnCertificate: () => Promise.reject(new Error(why)),
    forgetPublicName: () => Promise.reject(new Error(why)),
    renewCertificate: () => Promise.reject(new Error(why)),
    registerPushService: () => Promise.reject(new Error(why)),
    report: async () => ({
      status: 'stopped',
      runningSince: null,
      url: null,
      databaseBytes: null,
      logs: [],
      network: loopbackOnly,
      backups: { keep: 0, files: [] },
      botsReachPrivateNetworks: false,
      allowedHosts: [],
      publicName: null,
      ownCertificate: null,
      pushService: null,
      damage: null,
      diskFull: false,
      foundAtStart: [],
    }),
    damage: () => null,
    dismissFoundAtStart: () => undefined,
    onChange: () => () => undefined,
  };
}
