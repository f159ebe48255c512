import { z } from 'zod';
import { feedMessageSchema } from './feedMessage';
import { narrowSchema } from './narrow';
import { outboxEntrySchema } from './outboxCalls';

// The bridge's part for the feed: a narrow's messages, page by page, their
// read and starred flags, and the links clicked in them.

// `complete`: the feed reaches the narrow's first message. `more`: older
// messages exist and loadOlder fetches them. `not-cached`: offline, and the
// cache does not hold what comes before: shown, never hidden as a gap.
export const olderStateSchema = z.enum(['complete', 'more', 'not-cached']);
export type OlderState = z.infer<typeof olderStateSchema>;

export const feedPageSchema = z.object({
  narrow: narrowSchema,
  /** Oldest first. */
  messages: z.array(feedMessageSchema),
  olderState: olderStateSchema,
  /** The same for what comes after the last message: `complete` once it is the newest. */
  newerState: olderStateSchema,
  /** Where the reader starts: the narrow's first unread message, when the page holds it. */
  firstUnreadId: z.number().int().nullable(),
  /** Messages of this narrow not yet sent, oldest first, shown after the messages. */
  outbox: z.array(outboxEntrySchema),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const feedBridgeCalls = {
  openNarrow: { args: z.object({ narrow: narrowSchema }), result: feedPageSchema },
  loadOlder: {
    args: z.object({ narrow: narrowSchema, beforeId: z.number().int().positive() }),
    result: feedPageSchema,
  },
  loadNewer: {
    args: z.object({ narrow: narrowSchema, afterId: z.number().int().positive() }),
    result: feedPageSchema,
  },
  /** The server's update_message_flags event then changes the feed and the counts. */
  changeFlags: {
    args: z.object({
      messageIds: z.array(z.number().int().positive()).min(1).max(5000),
      flag: z.enum(['read', 'starred']),
      op: z.enum(['add', 'remove']),
    }),
    result: z.object({}),
  },
  /** Zulip's "Mark all as read" for the narrow. */
  markNarrowRead: { args: z.object({ narrow: narrowSchema }), result: z.object({}) },
  /**
   * A link clicked in a message (its href as written, maybe relative to the
   * account's server). A known organization's narrow opens in the app (a
   * `navigate` event); `external` is for the system browser; `upload`, a file
   * uploaded to a known organization, is for saveUpload.
   */
  openLink: {
    args: z.object({ href: z.string().min(1).max(8000) }),
    result: z.object({
      kind: z.enum(['narrow', 'external', 'refused', 'invitation', 'upload']),
      url: z.string().nullable(),
    }),
  },
} as const;

export const feedBridgeEvents = {
  /** Messages of the open narrow arrived or changed; `deleted` ones were deleted or moved out of it. */
  feed: z.object({
    accountId: z.string(),
    upserted: z.array(feedMessageSchema),
    deleted: z.array(z.number().int()),
  }),
} as const;
