import { z } from 'zod';

// The bridge's part for drafts kept by the server (Zulip's /drafts, under
// the reader's enable_drafts_synchronization). Whether they are kept is in
// the snapshot (`syncDrafts`); the drafts themselves ride the `drafts` event.

export const draftBridgeCalls = {
  /** Zulip's enable_drafts_synchronization; turning it off deletes the server's copies, not this computer's. */
  setDraftSynchronization: { args: z.object({ enabled: z.boolean() }), result: z.object({}) },
} as const;
