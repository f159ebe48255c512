import { z } from 'zod';
import { narrowSchema } from './narrow';
import { channelFolderSchema } from './sidebarCalls';

// A conversation of Zulip's Inbox: a topic, or a private conversation.
export const inboxConversationSchema = z.object({
  narrow: narrowSchema,
  /** The topic, or the other people of a private conversation. */
  label: z.string(),
  unread: z.number().int(),
  /** Some unread message mentions the reader. */
  mentioned: z.boolean(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

// Zulip's Inbox: unread private conversations, then each stream's unread topics.
export const inboxSchema = z.object({
  /** The newest unread first. */
  dms: z.array(inboxConversationSchema),
  /** Pinned first, then by name; each topic by its newest unread message. */
  streams: z.array(
    z.object({
      streamId: z.number().int(),
      name: z.string(),
      color: z.string(),
      unread: z.number().int(),
      pinned: z.boolean(),
      /** The channel folder it is filed in (Zulip 11); null for none. */
      folderId: z.number().int().nullable(),
      topics: z.array(inboxConversationSchema),
    }),
  ),
  /** The folders the Inbox groups channels under, in their order: none where the reader chose not to. */
  folders: z.array(channelFolderSchema),
});
export type Inbox = z.infer<typeof inboxSchema>;

export const inboxBridgeCalls = {
  /** Zulip's Inbox, read from the cache. */
  inbox: { args: z.object({}), result: inboxSchema },
} as const;
