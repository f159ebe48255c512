import { z } from 'zod';
import { destinationSchema, outboxTargetSchema } from './destinations';
import { narrowSchema } from './narrow';

// The bridge's part for drafts: those the Drafts view lists from this
// computer's cache, and those kept by the server too (Zulip's /drafts, under
// the reader's enable_drafts_synchronization). Whether they are kept is in
// the snapshot (`syncDrafts`); the drafts themselves ride the `drafts` event.

// What the user wrote to a conversation and did not send, as the Drafts view lists it.
export const draftSchema = z.object({
  /** The draft's ID in the cache, to open, save or delete it by. */
  id: z.number().int(),
  /** The conversation's key in the cache: a conversation may hold more than one draft. */
  conversation: z.string(),
  to: outboxTargetSchema,
  narrow: narrowSchema,
  content: z.string(),
  /** When it was last edited, in ms since the epoch. */
  updatedAt: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftBridgeCalls = {
  /** The active account's drafts, the last edited first. */
  listDrafts: { args: z.object({}), result: z.object({ drafts: z.array(draftSchema) }) },
  /** Keeps what is written to `to` as its draft; blank content deletes it. A `drafts` event follows. */
  saveDraft: {
    args: z.object({
      to: destinationSchema,
      content: z.string().max(100_000),
      /** The draft the window opened, when it did; otherwise the conversation's last edited. */
      id: z.number().int().positive().optional(),
    }),
    result: z.object({}),
  },
  deleteDraft: {
    args: z.object({ id: z.number().int().positive() }),
    result: z.object({}),
  },
  /** Zulip's enable_drafts_synchronization; turning it off deletes the server's copies, not this computer's. */
  setDraftSynchronization: { args: z.object({ enabled: z.boolean() }), result: z.object({}) },
} as const;

export const draftBridgeEvents = {
  /** The active account's drafts changed, the last edited first. */
  drafts: z.object({ accountId: z.string(), drafts: z.array(draftSchema) }),
} as const;
