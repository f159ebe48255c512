import { z } from 'zod';
import { destinationSchema, outboxTargetSchema } from './destinations';

// The bridge's part for sending: a message goes to the outbox first, kept
// until the server takes it, and may be sent again or discarded from there.

export const outboxEntrySchema = z.object({
  localId: z.string(),
  to: outboxTargetSchema,
  content: z.string(),
  createdAt: z.number(),
  // `sending`: on its way. `waiting`: will be sent when the server answers again.
  // `failed`: the server refused it, for the reason in `error`.
  state: z.enum(['sending', 'waiting', 'failed']),
  error: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

const localId = z.object({ localId: z.string().min(1).max(100) });

export const outboxBridgeCalls = {
  sendMessage: {
    args: z.object({
      to: destinationSchema,
      content: z.string().trim().min(1).max(10000),
    }),
    result: outboxEntrySchema,
  },
  retryOutbox: { args: localId, result: z.object({}) },
  discardOutbox: { args: localId, result: z.object({}) },
} as const;

export const outboxBridgeEvents = {
  /** The active account's unsent messages changed. */
  outbox: z.object({ accountId: z.string(), entries: z.array(outboxEntrySchema) }),
} as const;
