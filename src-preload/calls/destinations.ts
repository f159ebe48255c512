import { z } from 'zod';
import { topicName } from './names';

// Where a message is sent: a stream's topic, or a direct message to these
// people (the sender may be among them, and is alone for a note to oneself).
export const destinationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int().positive(),
    topic: topicName,
  }),
  z.object({
    kind: z.literal('private'),
    userIds: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type Destination = z.infer<typeof destinationSchema>;

// Where an unsent message goes, named as the window shows it.
export const outboxTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int(),
    stream: z.string(),
    topic: z.string(),
  }),
  z.object({
    kind: z.literal('private'),
    /** As a private narrow names the conversation: the others, or the sender alone. */
    userIds: z.array(z.number().int()),
    names: z.array(z.string()),
  }),
]);
export type OutboxTarget = z.infer<typeof outboxTargetSchema>;
