import { z } from 'zod';
import { proxySettingSchema } from '../../src-main/wire/proxySetting';

// The bridge's part for how this computer reaches servers: Settings › Network
// (the proxy), the certificates a person decides to trust or not, and how
// each account's link to its server stands.

/** A server's certificate as the person is shown it before deciding to trust it. */
export const certificateDetailsSchema = z.object({
  /** Who it names, as `CN=chat.example.com, O=Example`. */
  subject: z.string(),
  issuer: z.string(),
  /** The host names and addresses it is valid for. */
  names: z.array(z.string()),
  /** Epoch ms. */
  validFrom: z.number(),
  validTo: z.number(),
  /** SHA-256, as colon-separated upper-case hex pairs. */
  fingerprint: z.string(),
  selfSigned: z.boolean(),
});
export type CertificateDetails = z.infer<typeof certificateDetailsSchema>;

/** Why no authority this computer trusts vouches for a certificate a person may still trust. */
export const untrustedReasonSchema = z.enum([
  'self-signed',
  'expired',
  'not-yet-valid',
  'hostname-mismatch',
  'unknown-ca',
]);
export type UntrustedReason = z.infer<typeof untrustedReasonSchema>;

const certificateChangedSchema = z.object({
  kind: z.literal('certificate-changed'),
  serverUrl: z.string(),
  /** The fingerprint trusted until now. */
  trusted: z.string(),
  /** What the server presents instead. */
  certificate: certificateDetailsSchema,
});

const proxyCredentialsSchema = z.object({
  kind: z.literal('proxy-credentials'),
  /** The proxy's address, as `http://proxy.example:3128`. */
  proxy: z.string(),
  /** A user name and password were given, and refused. */
  credentialsGiven: z.boolean(),
});

/**
 * What the person can act on when a server cannot be used: trust its
 * certificate (joining with `#fingerprint=` after the address), decide again on
 * a changed one, or give the proxy its credentials in Settings › Network.
 */
export const reachProblemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('untrusted-certificate'),
    serverUrl: z.string(),
    reason: untrustedReasonSchema,
    certificate: certificateDetailsSchema,
  }),
  certificateChangedSchema,
  proxyCredentialsSchema,
]);
export type ReachProblem = z.infer<typeof reachProblemSchema>;

/** What an account's connection waits on the person for. */
export const connectionProblemSchema = z.discriminatedUnion('kind', [
  certificateChangedSchema,
  proxyCredentialsSchema,
]);
export type ConnectionProblem = z.infer<typeof connectionProblemSchema>;

// How an account's link to its server stands. `catching-up`: the queue was
// lost (sleep, restart, time-out) and missed messages are being fetched.
export const connectionStateSchema = z.enum(['connecting', 'connected', 'offline', 'catching-up']);
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const connectionSchema = z.object({
  state: connectionStateSchema,
  /** Epoch ms since which the server has been unreachable; null while reachable. */
  offlineSince: z.number().nullable(),
  /** Offline because the server stopped answering (requests timed out), rather than refused. */
  notAnswering: z.boolean(),
  /** Epoch ms of the last answer from the event queue; null before any. */
  lastSyncAt: z.number().nullable(),
  /** While catching up: how many missed messages are fetched so far. */
  caughtUp: z.number().int().nullable(),
  /** Why Hearth refuses to connect although the server answers (its certificate changed). */
  warning: z.string().nullable(),
  /** What the person can do about it: decide again on the certificate, or give the proxy credentials. */
  problem: connectionProblemSchema.nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const networkSettingsSchema = z.object({
  proxy: proxySettingSchema,
  /** A password is kept for the manual proxy (never sent to the window). */
  hasPassword: z.boolean(),
  /** No keychain answered: the proxy's password lasts until the app quits. */
  passwordInMemoryOnly: z.boolean(),
  /** What the system's settings say now, for a server on the internet: `http://proxy:3128`, or null for directly. */
  systemProxy: z.string().nullable(),
});
export type NetworkSettings = z.infer<typeof networkSettingsSchema>;

export const networkBridgeCalls = {
  networkSettings: { args: z.object({}), result: networkSettingsSchema },
  /**
   * Routes every request from now on as `proxy` says; connections under way
   * reconnect through the new route. `password`: a new one, null to forget
   * it, absent to keep it.
   */
  setNetworkSettings: {
    args: z.object({
      proxy: proxySettingSchema,
      password: z.string().min(1).max(1000).nullable().optional(),
    }),
    result: networkSettingsSchema,
  },
  /**
   * Trusts, for this account's server only, the certificate it presents now,
   * which must be the one the person was shown (`fingerprint`).
   */
  trustServerCertificate: {
    args: z.object({ accountId: z.string().min(1).max(100), fingerprint: z.string().max(200) }),
    result: z.object({}),
  },
} as const;
