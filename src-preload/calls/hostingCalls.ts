import { z } from 'zod';
import { confirmedResult } from './confirmed';

// The bridge's part for the organization this computer hosts: the Hosting
// page shows how its host stands and stops or starts it.

export const hostingStatusSchema = z.enum([
  'stopped',
  'starting',
  'running',
  'restarting',
  'stopping',
]);

/** What a certificate served by name says of itself, for the owner to see. */
export const servedCertificateSchema = z.object({
  /** The DNS names it covers. */
  names: z.array(z.string()),
  issuer: z.string(),
  notAfterMs: z.number(),
  fingerprint: z.string(),
});
export type ServedCertificate = z.infer<typeof servedCertificateSchema>;

/** How the host's public name stands: its certificate from a public authority, and its DNS records. */
export const publicNameReportSchema = z.object({
  name: z.string(),
  /** The certificate served, once the authority gave one. */
  certificate: servedCertificateSchema.nullable(),
  /** Asking the authority right now. */
  obtaining: z.boolean(),
  /** The last attempt's failure, in the authority's or the DNS server's words. */
  failure: z.object({ source: z.string(), message: z.string(), atMs: z.number() }).nullable(),
  /** When the host asks the authority next: the renewal, or the retry after a failure. */
  nextAttemptMs: z.number().nullable(),
  /** The addresses the name points at once set, and why the last change failed. */
  records: z.object({ published: z.array(z.string()).nullable(), failure: z.string().nullable() }),
});
export type PublicNameReport = z.infer<typeof publicNameReportSchema>;

/** The owner's own certificate (its chain after it) and its key, both PEM, as pasted or read from their files. */
export const ownCertificateRequestSchema = z.object({
  certPem: z.string().min(1).max(200_000),
  keyPem: z.string().min(1).max(50_000),
});
export type OwnCertificateRequest = z.infer<typeof ownCertificateRequestSchema>;

/** How the host stands with a push notification service, for the owner to see: dates in ms. */
export const pushServiceReportSchema = z.object({
  url: z.string(),
  contactEmail: z.string(),
  /** When the service last accepted the host; null until it has. */
  registeredAtMs: z.number().nullable(),
  /** Since when the service has not answered; null while it answers. */
  unreachableSinceMs: z.number().nullable(),
  /** The service's own words when it last said no. */
  refusal: z.string().nullable(),
  /** Whether the service said it sends notifications for the organization (its plan may not allow it). */
  canPush: z.boolean(),
});
export type PushServiceReport = z.infer<typeof pushServiceReportSchema>;

/** What the owner gives to register the host: the service's address and who it writes to, once the terms are accepted. */
export const pushServiceRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(2000),
  contactEmail: z.email().max(254),
  /** The owner accepted the service's terms, shown with what registering sends. */
  termsAccepted: z.literal(true),
});
export type PushServiceRequest = z.infer<typeof pushServiceRequestSchema>;

/** What became of a registration: the service's own words when it refused. */
export const pushRegistrationOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('registered') }),
  z.object({ kind: z.literal('unreachable'), why: z.string() }),
  z.object({ kind: z.literal('refused'), msg: z.string() }),
]);
export type PushRegistrationOutcome = z.infer<typeof pushRegistrationOutcomeSchema>;

/** What the owner gives for a public name: the name, the authority, and how its DNS records change. */
export const publicNameRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/),
  /** The ACME authority's directory; Let's Encrypt's unless given. */
  directoryUrl: z.url().optional(),
  email: z.email().optional(),
  /** The name's zone; the name without its first label unless given. */
  zone: z.string().trim().min(1).max(253).optional(),
  dns: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('rfc2136'),
      /** The DNS server taking RFC 2136 updates for the zone, as host or host:port. */
      server: z.string().trim().min(1).max(300),
      keyName: z.string().trim().min(1).max(255),
      algorithm: z.enum(['hmac-sha256', 'hmac-sha384', 'hmac-sha512']),
      /** The TSIG key's secret, base64. */
      secret: z.string().trim().min(1).max(1000),
    }),
    z.object({
      kind: z.literal('cloudflare'),
      /** An API token with the zone's DNS edit permission. */
      token: z.string().trim().min(1).max(1000),
    }),
  ]),
});
export type PublicNameRequest = z.infer<typeof publicNameRequestSchema>;

/**
 * Work a kill or a crash cut short that the host found and ended as it
 * started: a restore finished (the backup now in place, and where the
 * database it replaced is kept) or dropped (the database as it was), and
 * partial backups and exports removed, each by the name it would have had.
 */
export const startFindingSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('restore-finished'), backup: z.string(), replacedPath: z.string() }),
  z.object({ kind: z.literal('restore-dropped') }),
  z.object({ kind: z.literal('partial-backups-removed'), names: z.array(z.string()) }),
  z.object({ kind: z.literal('partial-exports-removed'), names: z.array(z.string()) }),
]);
export type StartFinding = z.infer<typeof startFindingSchema>;

export const hostingPageSchema = z.object({
  status: hostingStatusSchema,
  /** When the host last began serving, in ms since 1970; null while it does not serve. */
  runningSince: z.number().nullable(),
  /** The addresses the organization answers at. */
  addresses: z.array(z.object({ url: z.string(), scope: z.enum(['this computer', 'network']) })),
  /** People in the organization (bots aside), and how many of them are online now. */
  users: z.object({ total: z.number().int(), online: z.number().int() }).nullable(),
  databaseBytes: z.number().int().nullable(),
  /** The host's last log lines, oldest first. */
  logs: z.array(z.object({ time: z.number(), source: z.string(), text: z.string() })),
  network: z.object({
    /** Where the host serves others on the network; null while only this computer reaches it. */
    exposure: z.object({ address: z.string(), port: z.number().int() }).nullable(),
    /** The SHA-256 fingerprint of the host's certificate, for colleagues to compare. */
    fingerprint: z.string().nullable(),
    /** The certificate's file, for other clients to trust (a zuliprc's cert_bundle). */
    certificatePath: z.string().nullable(),
    /** Why the network is not served although asked for. */
    failure: z.string().nullable(),
    /** This computer's network addresses, to choose from. */
    interfaces: z.array(z.object({ name: z.string(), address: z.string() })),
  }),
  /** Checked copies of the organization's database, newest first, and how many are kept. */
  backups: z.object({
    keep: z.number().int(),
    files: z.array(z.object({ name: z.string(), takenAt: z.number(), bytes: z.number().int() })),
  }),
  /** Whether outgoing-webhook bots may post to this computer and private networks. */
  botsReachPrivateNetworks: z.boolean(),
  /**
   * The names the owner added that the host is also reached by (a reverse
   * proxy's, a DNS name), besides loopback and this computer's own names,
   * addresses and certificate: any other Host header is refused.
   */
  allowedHosts: z.array(z.string()),
  /** The public name phones reach the host by; null without one, or while the host does not serve the network. */
  publicName: publicNameReportSchema.nullable(),
  /**
   * The owner's own certificate, served to those who ask for one of its
   * names; null without one, or while the host does not serve the network.
   */
  ownCertificate: servedCertificateSchema.nullable(),
  /**
   * Whether phones are notified through a push notification service, and if
   * not why; null before the host ever registered, or while it does not run.
   */
  pushService: pushServiceReportSchema.nullable(),
  /**
   * What the host said when it stopped for a damaged database (what SQLite
   * found, and how to restore the newest sound backup); null otherwise.
   */
  damage: z.string().nullable(),
  /** The disk holding the organization's data is full: every change is refused until space is freed. */
  diskFull: z.boolean(),
  /** What the host found cut short at its starts, until the owner dismisses it. */
  foundAtStart: z.array(startFindingSchema),
});
export type HostingPage = z.infer<typeof hostingPageSchema>;

export const zulipVersionSchema = z.union([
  z.literal(9),
  z.literal(10),
  z.literal(11),
  z.literal(12),
]);
export type ZulipVersion = z.infer<typeof zulipVersionSchema>;

/** What an export for Zulip wrote, and where. */
export const zulipExportSchema = z.object({
  /** The folder written, for Zulip's `manage.py import`. */
  outDir: z.string(),
  zulipVersion: zulipVersionSchema,
  users: z.number().int(),
  streams: z.number().int(),
  messages: z.number().int(),
  userMessages: z.number().int(),
  /** Uploaded files written beside the messages that link them. */
  uploads: z.number().int(),
  /** Emails Zulip's importer refuses: they must change before importing. */
  refusedEmails: z.array(z.string()),
});
export type ZulipExport = z.infer<typeof zulipExportSchema>;

export const hostingBridgeCalls = {
  getHosting: { args: z.object({}), result: hostingPageSchema },
  /** Stops the host: nobody reaches the organization until it starts again. */
  stopHosting: { args: z.object({}), result: z.object({}) },
  startHosting: { args: z.object({}), result: z.object({}) },
  backUpHosting: { args: z.object({}), result: z.object({}) },
  /** Writes the organization for a Zulip server of that release to import, once the person confirms it; the host keeps serving. */
  exportForZulip: {
    args: z.object({ zulipVersion: zulipVersionSchema }),
    result: confirmedResult({ export: zulipExportSchema }),
  },
  setBackupKeep: {
    args: z.object({ keep: z.number().int().min(1).max(365) }),
    result: z.object({}),
  },
  /** Restarts a running host with bots let onto this computer and private networks, or kept off them. */
  setBotsReachPrivateNetworks: { args: z.object({ allow: z.boolean() }), result: z.object({}) },
  /**
   * Restarts a running host answering to one more name, as `--allowed-host`
   * adds one; main refuses, in words for the person, anything that is no
   * host name or address.
   */
  addAllowedHost: { args: z.object({ name: z.string().max(1000) }), result: z.object({}) },
  /** Restarts a running host no longer answering to a name the owner added. */
  removeAllowedHost: { args: z.object({ name: z.string().max(1000) }), result: z.object({}) },
  /** Once the person confirms it: stops the host, puts the backup in place of the database (keeping the old one), and starts again. */
  restoreBackup: {
    args: z.object({ name: z.string().min(1).max(100) }),
    result: confirmedResult({}),
  },
  /** Lets others on the network join at `exposure` (an address, or 0.0.0.0 for all) once the person confirms it, or stops letting them. */
  setHostingNetwork: {
    args: z.object({
      exposure: z
        .object({
          address: z.union([z.ipv4(), z.ipv6()]),
          port: z.number().int().min(1).max(65535),
        })
        .nullable(),
    }),
    result: confirmedResult({}),
  },
  /** Once the person confirms it: the host asks an authority for a certificate for this name and keeps its DNS records, restarting. */
  setPublicName: {
    args: publicNameRequestSchema,
    result: confirmedResult({}),
  },
  /**
   * Once the person confirms it: the host serves the owner's certificate to
   * those who ask for its names, restarting. A pair that does not match, an
   * incomplete chain, a certificate out of date or naming no DNS name is
   * refused, saying which.
   */
  setOwnCertificate: {
    args: ownCertificateRequestSchema,
    result: confirmedResult({}),
  },
  /**
   * Once the person confirms it: the host goes back to its own certificate
   * alone, forgetting the public name or own certificate (settings, keys,
   * and the name's address records it set), restarting.
   */
  forgetPublicName: { args: z.object({}), result: confirmedResult({}) },
  /**
   * Once the person confirms it: the host registers with the push
   * notification service (again, with the same identity, if it did before),
   * and says whether the service accepted it, refused it in its own words, or
   * did not answer.
   */
  registerPushService: {
    args: pushServiceRequestSchema,
    result: confirmedResult({ outcome: pushRegistrationOutcomeSchema }),
  },
  /** Asks the authority for the public name's certificate now ("Try again"). */
  renewCertificate: { args: z.object({}), result: z.object({}) },
  /** The owner has read what the host found cut short at its start: the page stops showing it. */
  dismissFoundAtStart: { args: z.object({}), result: z.object({}) },
} as const;

export const hostingBridgeEvents = {
  /** This computer's host changed its status or logged a line (`at`, ms): the Hosting page asks again. */
  hosting: z.object({ at: z.number() }),
} as const;
