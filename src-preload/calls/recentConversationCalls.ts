import { z } from 'zod';
import { narrowSchema } from './narrow';

// A line of Zulip's Recent conversations view.
export const recentConversationSchema = z.object({
  narrow: narrowSchema,
  /** The topic's stream; null for a private conversation. */
  stream: z.object({ name: z.string(), color: z.string() }).nullable(),
  topic: z.string(),
  /** The other people of a private conversation (the reader alone for notes to oneself); empty for a topic. */
  dmNames: z.array(z.string()),
  /** Who wrote the latest messages, the latest writer first. */
  participants: z.array(z.object({ userId: z.number().int(), fullName: z.string() })),
  unread: z.number().int(),
  /** A muted stream or topic: shown dimmed. */
  muted: z.boolean(),
  /** When the latest message was sent (seconds since the epoch); null when none is held. */
  timestamp: z.number().nullable(),
});
export type RecentConversation = z.infer<typeof recentConversationSchema>;

export const recentConversationBridgeCalls = {
  /** Zulip's Recent conversations: topics and private conversations by their latest message. */
  recentConversations: {
    /** `fromServer`: look at the newest messages on the server first (on opening the view). */
    args: z.object({ fromServer: z.boolean() }),
    result: z.object({ conversations: z.array(recentConversationSchema) }),
  },
} as const;
