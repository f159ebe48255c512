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
} as const;

export const hostingBridgeEvents = {
  /** This computer's host changed its status or logged a line (`at`, ms): the Hosting page asks again. */
  hosting: z.object({ at: z.number() }),
} as const;
