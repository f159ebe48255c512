import { z } from 'zod';
import { destinationSchema } from './destinations';
import { narrowSchema } from './narrow';

// People typing in one conversation: a stream's topic or a private
// conversation. The window names them, as it names a muted person "Muted user".
export const typingConversationSchema = z.object({
  narrow: narrowSchema,
  typists: z.array(z.object({ userId: z.number().int(), name: z.string() })),
});
export type TypingConversation = z.infer<typeof typingConversationSchema>;

export const typingBridgeCalls = {
  /** Zulip's typing notifications: the user started or stopped writing to `to`. */
  setTyping: {
    args: z.object({ to: destinationSchema, op: z.enum(['start', 'stop']) }),
    result: z.object({}),
  },
} as const;

export const typingBridgeEvents = {
  /** Who is typing where, in the active account, now. */
  typing: z.object({ accountId: z.string(), conversations: z.array(typingConversationSchema) }),
} as const;
