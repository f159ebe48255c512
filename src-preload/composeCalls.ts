import { z } from 'zod';
import { topicName } from './streamCalls';

// The bridge's part for what the compose box may say before a message goes:
// whether the server would take it where it is addressed, and what the
// reader should know first. Main decides it from the organization's
// permissions (permissions/readerPermissions); the window only words it.

/** Where the compose box is addressed; a channel's topic is null while none is said. */
export const composeTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('stream'),
    streamId: z.number().int().positive(),
    topic: topicName.nullable(),
  }),
  z.object({
    kind: z.literal('private'),
    userIds: z.array(z.number().int().positive()).min(1).max(100),
  }),
]);
export type ComposeTarget = z.infer<typeof composeTargetSchema>;

/**
 * Why the server would refuse the message: the reader may not post in the
 * channel, may not start a topic there and this one is new, the organization
 * allows no direct messages, no one in the conversation may authorize it, or
 * the reader may not start conversations and this one has none.
 */
export const composeRefusalSchema = z.enum([
  'channelPosting',
  'newTopic',
  'directMessagesOff',
  'directMessageUnauthorized',
  'directMessageNotStarted',
]);
export type ComposeRefusal = z.infer<typeof composeRefusalSchema>;

export const composeCheckSchema = z.object({
  refusal: composeRefusalSchema.nullable(),
  /** The guests a direct message goes to, by name, where the organization asks to be warned of them (Zulip 10). */
  guests: z.array(z.string()),
  /** The mentions of everyone the reader may use there, with what each notifies. */
  wildcards: z.array(z.object({ name: z.string(), detail: z.string() })),
});
export type ComposeCheck = z.infer<typeof composeCheckSchema>;

export const composeBridgeCalls = {
  checkComposeTarget: { args: z.object({ to: composeTargetSchema }), result: composeCheckSchema },
} as const;
