import { z } from 'zod';

// Zulip 7.0's linkifiers (feature level 176: `url_template`, an RFC 6570
// template whose variables are the pattern's named groups), listed in the
// order they apply.
export const linkifierSchema = z.object({
  id: z.number().int(),
  pattern: z.string(),
  url_template: z.string(),
});
export type Linkifier = z.infer<typeof linkifierSchema>;

// A code playground: "View in <name>" on code blocks of its Pygments
// language. Zulip 7.0 keeps a `url_prefix` the code is appended to; from
// feature level 196 servers send a `url_template` with a `{code}` variable
// instead, so a client reads either.
export const realmPlaygroundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pygments_language: z.string(),
  url_prefix: z.string().optional(),
  url_template: z.string().optional(),
});
export type RealmPlayground = z.infer<typeof realmPlaygroundSchema>;

/** A link Zulip found in a topic: `topic_links` of a message and of update_message. */
export const topicLinkSchema = z.object({ text: z.string(), url: z.string() });
export type TopicLink = z.infer<typeof topicLinkSchema>;

/** Zulip's limit on a playground's pygments_language. */
export const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;
