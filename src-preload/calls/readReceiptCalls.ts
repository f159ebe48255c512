import { z } from 'zod';

// The bridge's part for read receipts (Zulip 7.0): who has read a message,
// as the message menu shows it, and the reader's own choice to be listed.
// Whether the organization and the reader allow them is in the snapshot.

export const readReceiptsSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('shown'),
    /** Who has read the message, by name; its sender and those who hide it are never listed. */
    readers: z.array(z.object({ userId: z.number().int(), fullName: z.string() })),
    /** When the server said so (ms): null for an answer just now, else the one cached offline. */
    asOf: z.number().nullable(),
  }),
  /** The organization turned read receipts off. */
  z.object({ status: z.literal('off') }),
]);
export type ReadReceipts = z.infer<typeof readReceiptsSchema>;

/** The organization's enable_read_receipts and the reader's own send_read_receipts. */
export const readReceiptSettingsSchema = z.object({
  organization: z.boolean(),
  mine: z.boolean(),
});
export type ReadReceiptSettings = z.infer<typeof readReceiptSettingsSchema>;

export const readReceiptBridgeCalls = {
  /** From the server when it answers, else as last fetched for the message. */
  readReceipts: {
    args: z.object({ messageId: z.number().int().positive() }),
    result: readReceiptsSchema,
  },
  /** Zulip's send_read_receipts: whether others see that the reader read a message. */
  setSendReadReceipts: { args: z.object({ enabled: z.boolean() }), result: z.object({}) },
} as const;
