import { z } from 'zod';

// The bridge's part for the people the reader muted (Zulip's
// /users/me/muted_users): muting and unmuting, and Settings' list. Who is
// muted also rides in the snapshot (`mutedUsers`), which the server's
// muted_users event keeps current, so every part of the window follows it.

const userId = z.object({ userId: z.number().int().positive() });

export const mutedPersonSchema = z.object({
  userId: z.number().int(),
  /** "Unknown user" for one the account has never heard of. */
  fullName: z.string(),
  email: z.string(),
  /** When they were muted, in seconds since the epoch. */
  mutedAt: z.number().int(),
});
export type MutedPerson = z.infer<typeof mutedPersonSchema>;

export const mutedUserBridgeCalls = {
  /** The muted, the most recently muted first. */
  listMutedUsers: {
    args: z.object({}),
    result: z.object({ people: z.array(mutedPersonSchema) }),
  },
  muteUser: { args: userId, result: z.object({}) },
  unmuteUser: { args: userId, result: z.object({}) },
} as const;
