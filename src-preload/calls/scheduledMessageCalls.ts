import { z } from 'zod';
import { destinationSchema, outboxTargetSchema } from './destinations';

// The bridge's part for scheduled messages (Zulip 7.0): the compose box's
// "Schedule message", and the Scheduled messages view's edit, send now and
// cancel. The list itself rides in the snapshot, which the server's
// scheduled_messages events keep current, and the cache keeps offline.

const id = z.number().int().positive();
/** Seconds since the epoch, as the server counts them. */
const at = z.number().int().positive();

export const scheduledMessageViewSchema = z.object({
  id: z.number().int(),
  /** As the outbox names a destination: the channel and topic, or the other people (the sender alone for a note to self). */
  to: outboxTargetSchema,
  content: z.string(),
  /** The server's rendering, which the window sanitizes before showing. */
  html: z.string(),
  at,
  /** The server tried to send it at its time and could not: it waits for a new time. */
  failed: z.boolean(),
});
export type ScheduledMessageView = z.infer<typeof scheduledMessageViewSchema>;

export const scheduledMessageBridgeCalls = {
  scheduleMessage: {
    args: z.object({
      to: destinationSchema,
      content: z.string().trim().min(1).max(10000),
      at,
    }),
    result: z.object({}),
  },
  /** Changes the text, the time, or both; the server refuses a time that has passed. */
  editScheduledMessage: {
    args: z.object({
      id,
      content: z.string().trim().min(1).max(10000).optional(),
      at: at.optional(),
    }),
    result: z.object({}),
  },
  /** Sends it in a moment, through the server's own delivery, so it is sent once. */
  sendScheduledNow: { args: z.object({ id }), result: z.object({}) },
  cancelScheduledMessage: { args: z.object({ id }), result: z.object({}) },
} as const;
