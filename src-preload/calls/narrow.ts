import { z } from 'zod';
import { topicName } from './names';

// What the feed shows: every message of the server, a stream, one of its
// topics, a private conversation (by the other participants' IDs), or Zulip's
// views of the messages that mention the reader, that they starred, and all
// their direct messages.
export const narrowSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('mentioned') }),
  z.object({ kind: z.literal('starred') }),
  z.object({ kind: z.literal('dms') }),
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int().positive(),
    topic: topicName.optional(),
  }),
  z.object({
    kind: z.literal('private'),
    userIds: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type Narrow = z.infer<typeof narrowSchema>;
