import { z } from 'zod';

// Zulip 7.0's scheduled message (feature levels 179–184), as GET
// /scheduled_messages, register's `scheduled_messages` and its events carry
// it: a channel's ID with a topic, or the other people's IDs of a direct
// message; the time in seconds since the epoch; `failed` once the server
// tried and could not send it.
const common = {
  scheduled_message_id: z.number().int(),
  content: z.string(),
  rendered_content: z.string(),
  scheduled_delivery_timestamp: z.number().int(),
  failed: z.boolean(),
};

export const scheduledMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...common, type: z.literal('stream'), to: z.number().int(), topic: z.string() }),
  z.object({ ...common, type: z.literal('private'), to: z.array(z.number().int()) }),
]);
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;
