import { z } from 'zod';
import { feedMessageSchema } from './feedMessage';

// The bridge's part for Search: a query answered from the cache, and by the
// server too while it can be reached.

export const searchResultSchema = z.object({
  /** Newest last, like the feed. */
  messages: z.array(feedMessageSchema),
  /** Parts of the query the cache cannot answer, searched on the server only when online. */
  unsupported: z.array(z.string()),
  /**
   * The search asks for direct messages with named people (dm:), where Zulip
   * shows even a muted person's one-to-one conversation.
   */
  namesConversation: z.boolean(),
  /** True when the answer came from the cache alone. */
  fromCache: z.boolean(),
  /** The server's copies of what matched, its words in `highlight` spans; none from the cache. */
  matches: z.array(
    z.object({
      id: z.number().int(),
      content: z.string().nullable(),
      subject: z.string().nullable(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchBridgeCalls = {
  search: {
    args: z.object({ query: z.string().trim().min(1).max(500) }),
    result: searchResultSchema,
  },
} as const;
