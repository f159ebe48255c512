import { z } from 'zod';

// The bridge's part for reactions: the chips under a message, shaped by main
// from the cache, the emoji picker's contents, and the one call that adds or
// takes back the viewer's reaction. A custom emoji's picture is on its
// organization's server, so main hands it over as a data: URL.

/** One emoji's reactions on a message. */
export const reactionChipSchema = z.object({
  /** The emoji's identity on the message: Zulip's reaction_type and emoji_code. */
  key: z.string(),
  code: z.string(),
  type: z.string(),
  /** Zulip's name for it, as the first reaction named it. */
  name: z.string(),
  /** A Unicode emoji's character; null for the organization's own. */
  glyph: z.string().nullable(),
  /** An organization's emoji's picture, to ask emojiImage for; null otherwise. */
  imageUrl: z.string().nullable(),
  count: z.number().int(),
  /** The viewer is among those who reacted. */
  reacted: z.boolean(),
  /** Who reacted, the viewer first as "You". */
  names: z.array(z.string()),
  /** Who reacted, by ID, in the order of `names`: the window names a muted person "Muted user". */
  userIds: z.array(z.number().int()),
});
export type ReactionChip = z.infer<typeof reactionChipSchema>;

export const pickerEmojiSchema = z.object({
  key: z.string(),
  code: z.string(),
  type: z.string(),
  /** The name a reaction and the compose box use. */
  name: z.string(),
  /** Its other names, which the search finds it by too. */
  aliases: z.array(z.string()),
  glyph: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type PickerEmoji = z.infer<typeof pickerEmojiSchema>;

export const emojiPickerSchema = z.object({
  categories: z.array(z.object({ name: z.string(), emoji: z.array(pickerEmojiSchema) })),
  /** Keys of the emoji the viewer reacts with most, then Zulip's popular ones. */
  frequent: z.array(z.string()),
});
export type EmojiPicker = z.infer<typeof emojiPickerSchema>;

const reactionEmojiSchema = z.object({
  name: z.string().min(1).max(100),
  code: z.string().min(1).max(100),
  type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji']),
});

export const reactionBridgeCalls = {
  /**
   * Adds the viewer's reaction with the emoji to the message, or takes it
   * back when they have it; the server's event then changes the feed.
   * Refused while offline.
   */
  toggleReaction: {
    args: z.object({ messageId: z.number().int().positive(), emoji: reactionEmojiSchema }),
    result: z.object({}),
  },
  /** Every emoji the active account may react with, for the picker. */
  emojiPicker: { args: z.object({}), result: emojiPickerSchema },
  /** An organization's emoji's picture as a data: URL the window may show. */
  emojiImage: {
    args: z.object({ accountId: z.string().min(1).max(100), url: z.string().min(1).max(2000) }),
    result: z.object({ dataUrl: z.string() }),
  },
} as const;
