import { z } from 'zod';

/**
 * One entry of Zulip's `muted_users` (register state and event alike): whom
 * the user muted, and when, in seconds since the epoch.
 */
export const mutedUserSchema = z.object({
  id: z.number().int(),
  timestamp: z.number().int(),
});
export type MutedUser = z.infer<typeof mutedUserSchema>;
