import { z } from 'zod';

// The bridge's part for the organization's own settings (Zulip's PATCH
// /realm and default streams). Everyone may read them; administrators change
// them, and the page follows the server's realm events through the snapshot.

// Zulip's Realm.POLICY_* values the page offers.
export const messagePolicySchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);
export const invitePolicySchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(6),
]);

/** A time limit in seconds; null for no limit. */
const timeLimit = z
  .number()
  .int()
  .positive()
  .max(366 * 24 * 60 * 60)
  .nullable();

const organizationFields = {
  name: z.string().trim().min(1).max(40),
  description: z.string().max(1000),
  allowMessageEditing: z.boolean(),
  editLimitSeconds: timeLimit,
  editTopicPolicy: messagePolicySchema,
  moveWithinStreamLimitSeconds: timeLimit,
  allowEditHistory: z.boolean(),
  deleteOwnPolicy: messagePolicySchema,
  deleteLimitSeconds: timeLimit,
  invitePolicy: invitePolicySchema,
  /** Null: new streams are announced nowhere. */
  notificationsStreamId: z.number().int().positive().nullable(),
  /** Zulip's enable_read_receipts: people may see who has read a message. */
  enableReadReceipts: z.boolean(),
};

export const organizationSettingsSchema = z.object({
  ...organizationFields,
  // Null where the server's group setting names a group the page's choices
  // do not (Zulip 9 onwards): `custom` then says which, in words.
  editTopicPolicy: messagePolicySchema.nullable(),
  deleteOwnPolicy: messagePolicySchema.nullable(),
  invitePolicy: invitePolicySchema.nullable(),
  /** The group a policy's setting names, in words, where no choice of the page names it. */
  custom: z.object({
    editTopicPolicy: z.string().optional(),
    deleteOwnPolicy: z.string().optional(),
    invitePolicy: z.string().optional(),
  }),
  /** Whether the reader may change them (administrators and owners). */
  canEdit: z.boolean(),
  /** Whether the organization shows an icon an administrator uploaded. */
  hasUploadedIcon: z.boolean(),
  /** The public streams, which may be made default or be the notifications stream. */
  streams: z.array(
    z.object({ streamId: z.number().int(), name: z.string(), isDefault: z.boolean() }),
  ),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const organizationChangeSchema = z
  .object(organizationFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'change at least one setting');
export type OrganizationChange = z.infer<typeof organizationChangeSchema>;

export const organizationBridgeCalls = {
  getOrganizationSettings: { args: z.object({}), result: organizationSettingsSchema },
  /** Sends the changes to the server; the page follows its realm events. */
  changeOrganizationSettings: {
    args: z.object({ patch: organizationChangeSchema }),
    result: z.object({}),
  },
  /** A new icon for the organization (an image file, base64), or null for the server's default. */
  setOrganizationIcon: {
    args: z.object({
      image: z
        .string()
        .max(Math.ceil((5 * 1024 * 1024) / 3) * 4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/)
        .nullable(),
    }),
    result: z.object({}),
  },
  setDefaultStream: {
    args: z.object({ streamId: z.number().int().positive(), isDefault: z.boolean() }),
    result: z.object({}),
  },
} as const;
