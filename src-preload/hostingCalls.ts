import { z } from 'zod';

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
});
export type HostingPage = z.infer<typeof hostingPageSchema>;

export const hostingBridgeCalls = {
  getHosting: { args: z.object({}), result: hostingPageSchema },
  /** Stops the host: nobody reaches the organization until it starts again. */
  stopHosting: { args: z.object({}), result: z.object({}) },
  startHosting: { args: z.object({}), result: z.object({}) },
} as const;
