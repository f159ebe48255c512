import { z } from 'zod';

/**
 * One of Zulip's drafts kept by the server (register's `drafts`, GET /drafts
 * and the `drafts` events): `to` is a stream's ID, the other people of a
 * private conversation (oneself alone for a note to self), or nobody for a
 * draft with no address (`type` ""); `timestamp` is its last edit, in whole
 * seconds since the epoch.
 */
export const serverDraftSchema = z.object({
  id: z.number().int(),
  type: z.enum(['stream', 'private', '']),
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number().int(),
});
export type ServerDraft = z.infer<typeof serverDraftSchema>;

/** A draft as a client sends it to POST /drafts or PATCH /drafts/{id}; no timestamp means now. */
// A type, not an interface: it is sent as a JSON parameter as it is.
export type DraftData = {
  type: ServerDraft['type'];
  to: number[];
  topic: string;
  content: string;
  timestamp?: number;
};
