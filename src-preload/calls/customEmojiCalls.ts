import { z } from 'zod';

// The bridge's part for the organization's own emoji (Zulip's /realm/emoji):
// the list with each picture, author and whether the reader may remove it,
// and the reader's changes to it. The page follows the server's realm_emoji
// events through the snapshot. Pictures come as data: URLs from main (see
// reactionCalls' emojiImage), since the window loads nothing from a server.

/** Zulip's max_emoji_file_size_mib default (5 MiB), which a Hearth host takes too. */
export const maxCustomEmojiBytes = 5 * 1024 * 1024;

// The server judges the name (Zulip's check_valid_emoji_name) and says what
// is wrong with it in its words; the bridge keeps out only what no name holds.
const emojiName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^\P{Cc}+$/u, 'not an emoji name');

const customEmojiSchema = z.object({
  /** Zulip's id, the emoji's code in a reaction. */
  id: z.string(),
  name: z.string(),
  /** The picture's URL on the server, to ask emojiImage for. */
  imageUrl: z.string(),
  /** Who added it, by name; null when the server does not say. */
  authorName: z.string().nullable(),
  /** The reader added it or administers the organization (Zulip's rule for removing one). */
  canRemove: z.boolean(),
});
export type CustomEmoji = z.infer<typeof customEmojiSchema>;

export const customEmojiPageSchema = z.object({
  /** The emoji in use, by name; removed ones are not shown, as in Zulip's settings. */
  emoji: z.array(customEmojiSchema),
  /** Whether the reader may add one (Zulip's add_custom_emoji_policy; never a guest). */
  canAdd: z.boolean(),
  /** The largest picture the server takes. */
  maxBytes: z.number().int().positive(),
});
export type CustomEmojiPage = z.infer<typeof customEmojiPageSchema>;

export const customEmojiBridgeCalls = {
  listCustomEmoji: { args: z.object({}), result: customEmojiPageSchema },
  /** Zulip's POST /realm/emoji/{name}; a refusal rejects with the server's words. */
  addCustomEmoji: {
    args: z.object({
      name: emojiName,
      image: z
        .string()
        .max(Math.ceil(maxCustomEmojiBytes / 3) * 4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'),
    }),
    result: z.object({}),
  },
  removeCustomEmoji: { args: z.object({ name: emojiName }), result: z.object({}) },
  /**
   * A custom emoji's picture in a message, named by the `src` the server
   * wrote (relative to the account's server), as a data: URL.
   */
  messageEmojiImage: {
    args: z.object({
      accountId: z.string().min(1).max(100),
      src: z
        .string()
        .max(500)
        .regex(/^\/user_avatars\/\d+\/emoji\/images\/[\w-]+(?:\.[\w-]+)+$/, 'not an emoji image'),
    }),
    result: z.object({ dataUrl: z.string() }),
  },
} as const;
