import { z } from 'zod';
import { MAX_PYGMENTS_LANGUAGE_LENGTH, linkifierSchema } from '../../src-main/wire/linkifiers';

// The bridge's part for the organization's linkifiers and code playgrounds
// (Zulip's /realm/filters and /realm/playgrounds). Both lists ride in the
// snapshot, which the server's realm_linkifiers and realm_playgrounds events
// keep current: the feed offers "View in …" on code blocks from it, and
// Settings lists and changes them for administrators.

export { linkifierSchema };
export type { Linkifier } from '../../src-main/wire/linkifiers';

/** A playground as the window uses it: the code goes where `{code}` is, whatever the server keeps. */
export const playgroundViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pygmentsLanguage: z.string(),
  urlTemplate: z.string(),
});
export type PlaygroundView = z.infer<typeof playgroundViewSchema>;

const id = z.number().int().positive();
// The server trims and checks them, and answers with Zulip's words.
const linkifierFields = { pattern: z.string().max(10_000), urlTemplate: z.string().max(10_000) };

export const linkifierBridgeCalls = {
  addLinkifier: { args: z.object(linkifierFields), result: z.object({ id: z.number().int() }) },
  updateLinkifier: { args: z.object({ id, ...linkifierFields }), result: z.object({}) },
  removeLinkifier: { args: z.object({ id }), result: z.object({}) },
  addPlayground: {
    args: z.object({
      name: z.string().max(1000),
      pygmentsLanguage: z.string().max(MAX_PYGMENTS_LANGUAGE_LENGTH * 4),
      urlTemplate: z.string().max(10_000),
    }),
    result: z.object({ id: z.number().int() }),
  },
  removePlayground: { args: z.object({ id }), result: z.object({}) },
} as const;
