import { z } from 'zod';

/**
 * One of Zulip's saved snippets (feature level 297): text its owner keeps to
 * put into messages, under a title; `date_created` in seconds since the epoch.
 */
export const savedSnippetSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  date_created: z.number().int(),
});
export type SavedSnippet = z.infer<typeof savedSnippetSchema>;
