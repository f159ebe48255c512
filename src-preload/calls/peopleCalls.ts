import { z } from 'zod';

// The bridge's part for the organization's people: who is in it with what
// role, deactivating and reactivating them, and invitation links (Zulip's
// PATCH/DELETE /users/{id}, POST /users/{id}/reactivate and /invites).
// Administrators act; everyone else sees the list.

const userId = z.number().int().positive();

/** A role in the organization, as the window names it. */
export const roleSchema = z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']);
export type Role = z.infer<typeof roleSchema>;

export const personSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  /** The reader themselves, whom the page does not let them demote or deactivate. */
  isSelf: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  /** The role the link joins with. */
  role: roleSchema,
  /** When it stops working, in seconds since 1970; null for never. */
  expires: z.number().nullable(),
  invitedBy: z.string(),
  link: z.string(),
  /** The address an email invitation is for, whose link is passed on by hand; null for a reusable link. */
  email: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const peoplePageSchema = z.object({
  people: z.array(personSchema),
  /** Whether the reader may change roles and deactivate (administrators). */
  canManage: z.boolean(),
  /** Whether the reader may change who is an owner (owners). */
  canManageOwners: z.boolean(),
  /** Whether the reader may create invitation links (Zulip: administrators). */
  canInvite: z.boolean(),
  /** The streams an invitation may add the newcomer to. */
  streams: z.array(z.object({ streamId: z.number().int(), name: z.string() })),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

export const peopleBridgeCalls = {
  listPeople: { args: z.object({}), result: peoplePageSchema },
  changeRole: { args: z.object({ userId, role: roleSchema }), result: z.object({}) },
  deactivateUser: { args: z.object({ userId }), result: z.object({}) },
  reactivateUser: { args: z.object({ userId }), result: z.object({}) },
  /** The links still working, newest first (administrators). */
  listInvitations: {
    args: z.object({}),
    result: z.object({ invitations: z.array(invitationSchema) }),
  },
  createInvitation: {
    args: z.object({
      role: roleSchema.exclude(['owner']),
      /** Null: the link never expires. */
      expiresInMinutes: z
        .number()
        .int()
        .positive()
        .max(30 * 24 * 60)
        .nullable(),
      streamIds: z.array(z.number().int().positive()).max(500),
    }),
    result: z.object({ link: z.string() }),
  },
  revokeInvitation: {
    args: z.object({ id: z.number().int().positive(), email: z.string().nullable() }),
    result: z.object({}),
  },
} as const;
