import { z } from 'zod';

// The bridge's part for user groups people make (Zulip's /user_groups): the
// groups with their members, and a member's changes to them. Zulip's system
// groups (role:owners…) are the organization's own: the page leaves them out.
// The page follows the server's user_group events through the snapshot, and
// offers on each group only what the server would let the reader do there.

const groupId = z.number().int().positive();
const userIds = z.array(z.number().int().positive()).max(10_000);
const groupIds = z.array(groupId).max(1_000);
// Zulip's UserGroup.MAX_NAME_LENGTH and its description's limit.
const groupName = z.string().trim().min(1).max(100);
const groupDescription = z.string().trim().max(1024);

const memberSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  /** Marked "(guest)" where the organization asks guests to be marked (Zulip 8). */
  guest: z.boolean(),
});
export type GroupMember = z.infer<typeof memberSchema>;

// A group inside another, named for people: a role's group by its role.
const groupRefSchema = z.object({ groupId: z.number().int(), name: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

// What the reader may do to one group (permissions/groupPermissions decides it).
const groupPermissionsSchema = z.object({
  /** Rename and describe it, delete it, and take groups out of it. */
  manage: z.boolean(),
  /** Add anyone to it, and put groups inside it. */
  addMembers: z.boolean(),
  removeMembers: z.boolean(),
  /** Add oneself, not being in it. */
  join: z.boolean(),
  /** Remove oneself, being one of its direct members. */
  leave: z.boolean(),
});

export const userGroupSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Direct members, by name. */
  members: z.array(memberSchema),
  /** The groups inside this one, whose members it holds too, by name. */
  subgroups: z.array(groupRefSchema),
  /** Groups that may go inside it: not already there, and not holding it. */
  subgroupChoices: z.array(groupRefSchema),
  may: groupPermissionsSchema,
});
export type UserGroupView = z.infer<typeof userGroupSchema>;

export const userGroupsPageSchema = z.object({
  /** The groups people made, by name. */
  groups: z.array(userGroupSchema),
  /** The organization's active people, by name, to pick members from. */
  people: z.array(memberSchema),
  /** The reader's own user ID, to join and leave groups by; null before any register state. */
  readerId: z.number().int().nullable(),
  /** Whether the organization lets the reader make groups. */
  canCreate: z.boolean(),
});
export type UserGroupsPage = z.infer<typeof userGroupsPageSchema>;

export const userGroupBridgeCalls = {
  listUserGroups: { args: z.object({}), result: userGroupsPageSchema },
  createUserGroup: {
    args: z.object({ name: groupName, description: groupDescription, members: userIds }),
    result: z.object({}),
  },
  changeUserGroup: {
    args: z.object({
      groupId,
      patch: z
        .object({ name: groupName, description: groupDescription })
        .partial()
        .refine((patch) => Object.keys(patch).length > 0, 'change the name or the description'),
    }),
    result: z.object({}),
  },
  changeUserGroupMembers: {
    args: z
      .object({ groupId, add: userIds, remove: userIds })
      .refine(({ add, remove }) => add.length + remove.length > 0, 'add or remove someone'),
    result: z.object({}),
  },
  changeUserGroupSubgroups: {
    args: z
      .object({ groupId, add: groupIds, remove: groupIds })
      .refine(({ add, remove }) => add.length + remove.length > 0, 'add or remove a group'),
    result: z.object({}),
  },
  deleteUserGroup: { args: z.object({ groupId }), result: z.object({}) },
} as const;
